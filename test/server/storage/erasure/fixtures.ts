import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, rename, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import type { HealResultItem } from '../../../../src/server/storage/heal-types.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'

/** A body for PutObject/UploadPart from bytes. */
export async function* bodyOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  // Uneven chunks, as a network delivers them.
  for (let at = 0; at < bytes.length; at += 65_521)
    yield bytes.subarray(at, Math.min(bytes.length, at + 65_521))
}

/** Reads an object (or a range) whole. */
export async function readAll(
  backend: ObjectLayer,
  bucket: string,
  key: string,
  range?: { start: number; end: number },
): Promise<Buffer> {
  const result = await backend.getObject(bucket, key, range)
  if (result.data) return Buffer.from(result.data)
  const chunks: Buffer[] = []
  for await (const chunk of result.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Objects of several shapes; returns their contents by key. */
export async function putSamples(backend: ObjectLayer, bucket: string): Promise<Map<string, Buffer>> {
  const samples = new Map<string, Buffer>([
    ['empty', Buffer.alloc(0)],
    ['small.txt', Buffer.from('hello erasure')],
    ['one-kib', randomBytes(1024)],
    ['dir/three-mib', randomBytes(3 * 1024 * 1024 + 17)],
  ])
  await backend.createBucket(bucket, '')
  for (const [key, bytes] of samples)
    await backend.putObject({ bucket, key, body: bodyOf(bytes), size: bytes.length })
  const parts = [randomBytes(5 * 1024 * 1024), randomBytes(1024 * 1024 + 5)]
  const { uploadId } = await backend.createMultipartUpload({ bucket, key: 'multi' })
  const etags: Array<{ partNumber: number; etag: string }> = []
  for (const [i, part] of parts.entries()) {
    const { etag } = await backend.uploadPart({
      bucket,
      key: 'multi',
      uploadId,
      partNumber: i + 1,
      body: bodyOf(part),
    })
    etags.push({ partNumber: i + 1, etag })
  }
  await backend.completeMultipartUpload({ bucket, key: 'multi', uploadId, parts: etags })
  samples.set('multi', Buffer.concat(parts))
  return samples
}

/** Every file under `dir` (relative path → size and SHA-256): what a dry run must not change. */
export async function snapshot(dirs: string[]): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const dir of dirs) {
    for (const path of await walk(dir)) {
      const bytes = await readFile(path)
      files.set(
        relative(join(dir, '..'), path),
        `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`,
      )
    }
  }
  return files
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await walk(path)))
    else out.push(path)
  }
  return out
}

/** The biggest shard file on a drive. */
export async function biggestDataFile(drive: string): Promise<string> {
  let best = { path: '', size: -1 }
  for (const path of await walk(join(drive, '.silo.sys', 'data'))) {
    const { size } = await stat(path)
    if (size > best.size) best = { path, size }
  }
  return best.path
}

/** Takes a drive offline by moving its directory away; returns how to bring it back. */
export async function unplug(drive: string): Promise<() => Promise<void>> {
  await rename(drive, `${drive}.unplugged`)
  return () => rename(`${drive}.unplugged`, drive)
}

/**
 * Every heal step over everything, every version of every key, as a recursive heal sequence
 * walks it; the items in order.
 * @example const items = await healEveryVersion(harness.backend)
 */
export async function healEveryVersion(backend: ObjectLayer): Promise<HealResultItem[]> {
  const healer = backend.healer!
  const items = [await healer.healFormat({ dryRun: false })]
  for (const name of await healer.listBucketsToHeal()) {
    items.push(...(await healer.healBucket(name, { dryRun: false })))
    for await (const key of healer.listObjectsToHeal(name, '')) {
      items.push(...(await healer.healObjectVersions!(name, key, { dryRun: false })))
    }
  }
  return items
}
