import { link, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ObjectLayer, UploadPartCopyInput } from '../../../../src/server/storage/object-layer.js'
import {
  createLayout,
  createObjectId,
  dataPathOf,
  ensureDataDir,
} from '../../../../src/server/storage/single-drive/layout.js'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { bodyOf, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import { openTempDrive } from './harness.js'

const MiB = 1024 * 1024
const bucket = 'links'

/** Every data file: its name, inode, link count and allocated 512-byte blocks. */
async function dataFiles(dir: string) {
  const data = join(dir, '.silo.sys', 'data')
  const files: Array<{ name: string; ino: number; nlink: number; blocks: number }> = []
  for (const folder of await readdir(data)) {
    for (const name of await readdir(join(data, folder))) {
      const s = await stat(join(data, folder, name))
      files.push({ name, ino: s.ino, nlink: s.nlink, blocks: s.blocks })
    }
  }
  return files
}

/** Blocks held by distinct inodes: what the files take on disk. */
function blocksOnDisk(files: Array<{ ino: number; blocks: number }>): number {
  return [...new Map(files.map((f) => [f.ino, f.blocks])).values()].reduce((a, b) => a + b, 0)
}

function copyPart(backend: ObjectLayer, input: Omit<UploadPartCopyInput, 'bucket' | 'sourceBucket'>) {
  return backend.uploadPartCopy!({ bucket, sourceBucket: bucket, ...input })
}

/** UploadPartCopy on one drive shares the source's data file instead of writing its bytes again (issue 15). */
describe('single drive: UploadPartCopy links data files', () => {
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => {
    await cleanup?.()
    cleanup = undefined
  })

  it('a 32 MiB whole-object part is a hard link of the source file: no byte written twice, and each survives the other', async () => {
    const drive = await openTempDrive()
    cleanup = () => drive.cleanup()
    const backend = drive.backend
    await backend.createBucket(bucket, '')
    const data = patternBytes(32 * MiB, 11)
    await backend.putObject({ bucket, key: 'big', body: bodyOf(data) })
    const [source] = await dataFiles(drive.dir)
    const blocksBefore = blocksOnDisk(await dataFiles(drive.dir))
    const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'copy' })
    const part = await copyPart(backend, { sourceKey: 'big', key: 'copy', uploadId, partNumber: 1 })
    expect(part.etag).toBe(md5Hex(data))
    const after = await dataFiles(drive.dir)
    expect(after).toHaveLength(2)
    expect(after.map((f) => [f.ino, f.nlink])).toEqual([
      [source!.ino, 2],
      [source!.ino, 2],
    ])
    expect(blocksOnDisk(after)).toBe(blocksBefore)
    // A range that is not a whole data file is copied: a file of its own.
    await copyPart(backend, {
      sourceKey: 'big',
      range: { start: 0, end: MiB - 1 },
      key: 'copy',
      uploadId,
      partNumber: 2,
    })
    const ranged = (await dataFiles(drive.dir)).filter((f) => f.ino !== source!.ino)
    expect(ranged.map((f) => f.nlink)).toEqual([1])
    // Deleting the source leaves the part's name; completing and reading still gives the bytes.
    await backend.deleteObject(bucket, 'big')
    expect((await dataFiles(drive.dir)).filter((f) => f.ino === source!.ino).map((f) => f.nlink)).toEqual([1])
    await backend.completeMultipartUpload({
      bucket,
      key: 'copy',
      uploadId,
      parts: [{ partNumber: 1, etag: part.etag }],
    })
    expect((await readAll((await backend.getObject(bucket, 'copy')).body)).equals(data)).toBe(true)
  })

  it('a crash between the link and the part commit leaves a name the after-crash sweep removes, never the source', async () => {
    const drive = await openTempDrive()
    cleanup = () => drive.cleanup()
    await drive.backend.createBucket(bucket, '')
    const data = patternBytes(2 * MiB, 12)
    await drive.backend.putObject({ bucket, key: 'src', body: bodyOf(data) })
    await drive.backend.close()
    // What an UploadPartCopy killed after linking leaves: a second name no record holds.
    const [source] = await dataFiles(drive.dir)
    const layout = createLayout(drive.dir)
    const orphan = createObjectId()
    await ensureDataDir(layout, orphan, false)
    await link(dataPathOf(layout, source!.name), dataPathOf(layout, orphan))
    const reopened = await openSingleDrive(drive.dir, { sweepOrphans: 'always' })
    cleanup = async () => {
      await reopened.close()
      await rm(drive.dir, { recursive: true, force: true })
    }
    const left = await dataFiles(drive.dir)
    expect(left.map((f) => [f.name, f.nlink])).toEqual([[source!.name, 1]])
    expect((await readAll((await reopened.getObject(bucket, 'src')).body)).equals(data)).toBe(true)
  })
})
