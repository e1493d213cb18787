import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { bodyOf, putText } from '../contract/helpers.js'
import { openTempDrive, runCrashingWriter } from './harness.js'

type Drive = Awaited<ReturnType<typeof openTempDrive>>

/** Every data file, as `<fan-out>/<id>`. */
async function listDataFiles(dir: string): Promise<string[]> {
  const data = join(dir, '.silo.sys', 'data')
  const files: string[] = []
  for (const folder of await readdir(data)) {
    for (const name of await readdir(join(data, folder))) files.push(`${folder}/${name}`)
  }
  return files
}

// These tests are about data files, so every object gets one (no inline small objects).
const FILES_ONLY = { inlineLimit: 0 }

const ORPHAN = 'ab/ab00000000000000000000000000dead'

/** A data file no record references, in a fan-out folder made for it if none exists yet. */
async function plantOrphan(dir: string): Promise<void> {
  await mkdir(join(dir, '.silo.sys', 'data', 'ab'), { recursive: true })
  await writeFile(join(dir, '.silo.sys', 'data', ORPHAN), 'orphan')
}

describe('single drive on disk', () => {
  let drive: Drive | undefined
  afterEach(async () => {
    await drive?.cleanup()
    drive = undefined
  })

  it('keeps everything under .silo.sys and names data files by ID, never by key', async () => {
    drive = await openTempDrive(FILES_ONLY)
    await drive.backend.createBucket('b', '')
    await putText(drive.backend, 'b', '../escape', 'x')
    await putText(drive.backend, 'b', 'a/b', 'y')
    expect(await readdir(drive.dir)).toEqual(['.silo.sys'])
    const files = await listDataFiles(drive.dir)
    expect(files).toHaveLength(2)
    for (const file of files) expect(file).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f]{30}$/)
  })

  it('keeps one data file per object through replacements and deletes', async () => {
    drive = await openTempDrive(FILES_ONLY)
    const { backend } = drive
    await backend.createBucket('b', '')
    await Promise.all(Array.from({ length: 10 }, (_, i) => putText(backend, 'b', 'same', `v${i}`)))
    await putText(backend, 'b', 'other', 'o')
    await putText(backend, 'b', 'gone', 'g')
    await backend.deleteObject('b', 'gone')
    expect(await listDataFiles(drive.dir)).toHaveLength(2)
  })

  it('removes orphaned data files at the open after a crash, not after a clean close', async () => {
    drive = await openTempDrive({ ...FILES_ONLY, fsync: false })
    await drive.backend.createBucket('b', '')
    await putText(drive.backend, 'b', 'kept', 'k')
    await drive.backend.close()
    await plantOrphan(drive.dir)
    drive.backend = await openSingleDrive(drive.dir, { ...FILES_ONLY, fsync: false })
    expect(await listDataFiles(drive.dir)).toContain(ORPHAN)
    await drive.backend.close()
    await runCrashingWriter(drive.dir, 'b', 'cut')
    drive.backend = await openSingleDrive(drive.dir, { ...FILES_ONLY, fsync: false })
    const files = await listDataFiles(drive.dir)
    expect(files).toHaveLength(1)
    expect(files).not.toContain(ORPHAN)
    expect(await drive.countTempFiles!()).toBe(0)
    const { body } = await drive.backend.getObject('b', 'kept')
    expect((await bodyText(body)).toString()).toBe('k')
  })

  it("sweeps orphans at every open with sweepOrphans: 'always'", async () => {
    drive = await openTempDrive({ ...FILES_ONLY, sweepOrphans: 'always' })
    await drive.backend.close()
    await plantOrphan(drive.dir)
    drive.backend = await openSingleDrive(drive.dir, { ...FILES_ONLY, sweepOrphans: 'always' })
    expect(await listDataFiles(drive.dir)).toEqual([])
  })

  it('keeps the part files of uploads in progress, multipart objects and copies through a sweep', async () => {
    const options = { sweepOrphans: 'always' as const }
    drive = await openTempDrive(options)
    const { backend } = drive
    await backend.createBucket('b', '')
    const pending = await backend.createMultipartUpload({ bucket: 'b', key: 'pending' })
    await backend.uploadPart({
      bucket: 'b',
      key: 'pending',
      uploadId: pending.uploadId,
      partNumber: 1,
      body: bodyOf('p1'),
    })
    const done = await backend.createMultipartUpload({ bucket: 'b', key: 'done' })
    const part = await backend.uploadPart({
      bucket: 'b',
      key: 'done',
      uploadId: done.uploadId,
      partNumber: 1,
      body: bodyOf('d1'),
    })
    const parts = [{ partNumber: 1, etag: part.etag }]
    await backend.completeMultipartUpload({ bucket: 'b', key: 'done', uploadId: done.uploadId, parts })
    await backend.copyObject({ sourceBucket: 'b', sourceKey: 'done', bucket: 'b', key: 'copy' })
    await putText(backend, 'b', 'inline', 'small objects have no file')
    await backend.close()
    await plantOrphan(drive.dir)
    drive.backend = await openSingleDrive(drive.dir, options)
    // The pending part, the completed part, and the copy's hard link of it.
    expect(await listDataFiles(drive.dir)).toHaveLength(3)
    const listed = await drive.backend.listParts({ bucket: 'b', key: 'pending', uploadId: pending.uploadId })
    expect(listed.parts.map((p) => p.size)).toEqual([2])
    expect(await bodyText((await drive.backend.getObject('b', 'copy')).body)).toBe('d1')
    expect(await bodyText((await drive.backend.getObject('b', 'inline')).body)).toBe(
      'small objects have no file',
    )
  })

  it('opens a drive in a directory that does not exist yet', async () => {
    drive = await openTempDrive(FILES_ONLY)
    const nested = join(drive.dir, 'not', 'yet')
    const backend = await openSingleDrive(nested)
    await backend.createBucket('b', '')
    await backend.putObject({ bucket: 'b', key: 'k', body: bodyOf('v') })
    expect((await backend.headObject('b', 'k')).size).toBe(1)
    await backend.close()
  })
})

async function bodyText(body: AsyncIterable<Buffer>): Promise<string> {
  let text = ''
  for await (const chunk of body) text += chunk.toString()
  return text
}
