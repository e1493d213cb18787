/**
 * Issue 12, defect 6: a drive folder that vanishes (an unmounted disk, a removed folder) while
 * writes are in flight must stay gone. A running server used to re-create `<drive>/.silo.sys/…`
 * with a recursive mkdir; after a restart that drive counted as `missing` and heal formatted
 * it, on the file system under the mount point. A drive folder is made only for a new
 * deployment; an absent one is `offline` until an operator brings it back.
 */
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { S3ServerError } from '../../../../src/server/errors.js'
import { ErasureDrive } from '../../../../src/server/storage/erasure/drive-set.js'
import { createFormats } from '../../../../src/server/storage/erasure/format.js'
import { localDriveLocation } from '../../../../src/server/storage/local-drive.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { bodyOf, readAll } from './fixtures.js'
import { openTempErasure } from './harness.js'

type Harness = Awaited<ReturnType<typeof openTempErasure>>
let harness: Harness | undefined
const scratch: string[] = []
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true })
})

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/** Takes a drive folder away at once, as an unmount does (rm -r would race the writes). */
const vanish = (dir: string) => rename(dir, `${dir}.gone`)

/** A body of `first` then `rest` bytes that runs `between` when asked for its second chunk. */
async function* bodyWithPause(first: number, rest: number, between: () => Promise<void>) {
  yield Buffer.alloc(first, 1)
  await between()
  yield Buffer.alloc(rest, 2)
}

/** Opens a single drive (no fsync) on a fresh folder with bucket `b`, runs `use`, closes it. */
async function withSingleDrive(use: (drive: ObjectLayer, dir: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'silo-vanish-'))
  scratch.push(root)
  const dir = join(root, 'drive')
  const drive = await openSingleDrive(dir, { fsync: false })
  try {
    await drive.createBucket('b', '')
    await use(drive, dir)
  } finally {
    await drive.close().catch(() => {})
  }
}

/**
 * `operation` fails as an I/O failure of the drive (the erasure set counts it against quorum),
 * not as an S3 answer, and `dir` stays gone.
 */
async function expectIoFailure(operation: Promise<unknown>, dir: string): Promise<void> {
  const error = await operation.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  expect(error).not.toBeInstanceOf(S3ServerError)
  expect(await exists(dir)).toBe(false)
}

describe('a drive folder that vanishes while the server runs', () => {
  it('one drive: a write whose folder is removed mid-body fails as an I/O error and makes no folder', async () => {
    await withSingleDrive(async (drive, dir) => {
      // 300 KiB is past the inline limit: the body goes to a temp file, then a fan-out folder.
      const body = bodyWithPause(200 * 1024, 100 * 1024, () => vanish(dir))
      await expectIoFailure(drive.putObject({ bucket: 'b', key: 'k', body }), dir)
    })
  })

  it('one drive: a copy onto a vanished folder fails as an I/O error (not NoSuchKey) and makes no folder', async () => {
    await withSingleDrive(async (drive, dir) => {
      const bytes = Buffer.alloc(300 * 1024, 5)
      await drive.putObject({ bucket: 'b', key: 'src', body: bodyOf(bytes), size: bytes.length })
      await vanish(dir)
      const copy = drive.copyObject({ sourceBucket: 'b', sourceKey: 'src', bucket: 'b', key: 'dst' })
      await expectIoFailure(copy, dir)
    })
  })

  it('erasure: a copy and a streaming PUT onto vanished drives leave them gone; after a restart they are offline and heal does not format them', async () => {
    // Health is not re-checked between requests, so the set still writes to the vanished drives.
    harness = await openTempErasure(8, { fsync: false, driveCheckIntervalMs: 60_000 })
    const h = harness
    const source = Buffer.alloc(1024 * 1024, 7)
    await h.backend.createBucket('b', '')
    await h.backend.putObject({ bucket: 'b', key: 'source', body: bodyOf(source), size: source.length })
    const [gone1, gone2] = [h.dirs[0]!, h.dirs[1]!]
    await vanish(gone1)
    // The copy links each drive's shard file into a fan-out folder (made on first use).
    await h.backend.copyObject({ sourceBucket: 'b', sourceKey: 'source', bucket: 'b', key: 'copy' })
    const put = h.backend.putObject({
      bucket: 'b',
      key: 'streamed',
      body: bodyWithPause(2 * 1024 * 1024, 2 * 1024 * 1024, () => vanish(gone2)),
    })
    await put
    expect(await exists(gone1)).toBe(false)
    expect(await exists(gone2)).toBe(false)
    expect((await readAll(h.backend, 'b', 'copy')).equals(source)).toBe(true)
    expect((await readAll(h.backend, 'b', 'streamed')).length).toBe(4 * 1024 * 1024)
    const reopened = await h.reopen!()
    const states = (await reopened.layout!()).drives.map((d) => d.state)
    expect(states.slice(0, 2)).toEqual(['offline', 'offline'])
    const format = await reopened.healer!.healFormat({ dryRun: false })
    expect(format.after.drives.slice(0, 2).map((d) => d.state)).toEqual(['offline', 'offline'])
    expect(await exists(gone1)).toBe(false)
    expect(await exists(gone2)).toBe(false)
    expect((await readAll(reopened, 'b', 'copy')).equals(source)).toBe(true)
  })

  it('heal: formatting a drive whose folder vanished after its health check fails and makes no folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'silo-vanish-'))
    scratch.push(root)
    const dir = join(root, 'unmounted')
    const [format] = createFormats(4)
    const drive = new ErasureDrive(0, localDriveLocation(dir, { fsync: false }), format!.erasure.this)
    await expect(drive.format(format!)).rejects.toThrow()
    expect(drive.state).toBe('offline')
    expect(await exists(dir)).toBe(false)
  })

  it('erasure: a drive whose folder vanished counts as a failed drive, not as a reason to fail the write', async () => {
    harness = await openTempErasure(8, { fsync: false, driveCheckIntervalMs: 60_000 })
    const h = harness
    await h.backend.createBucket('b', '')
    const removed = h.dirs.slice(0, 3)
    const writes = Array.from({ length: 6 }, (_, i) =>
      h.backend.putObject({
        bucket: 'b',
        key: `w${i}`,
        body: bodyWithPause(600 * 1024, 600 * 1024, async () => {
          if (i === 0) await Promise.all(removed.map(vanish))
        }),
      }),
    )
    // 5 of 8 drives is write quorum for 4+4: every write still succeeds.
    await Promise.all(writes)
    for (const dir of removed) expect(await exists(dir), dir).toBe(false)
    for (const dir of h.dirs.slice(3))
      expect((await readdir(join(dir, '.silo.sys'))).length).toBeGreaterThan(0)
  })
})
