/**
 * Rough cost of the single drive's hot paths. Not a test; numbers go into docs/storage.md.
 * Run: npx vite-node test/server/storage/bench/single-drive-bench.ts [dir]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'

const OBJECTS = 2000
const BODY = Buffer.alloc(1024, 1)

async function* once(data: Buffer) {
  yield data
}

/** Runs `op(i)` for i in [0, count) with `parallel` in flight; returns ops/s. */
async function measure(
  count: number,
  parallel: number,
  op: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < count) await op(next++)
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return Math.round(count / ((performance.now() - started) / 1000))
}

async function drain(backend: ObjectLayer, key: string) {
  const { body } = await backend.getObject('bench', key)
  for await (const _ of body);
}

async function benchDrive(base: string, fsync: boolean, inlineLimit?: number): Promise<void> {
  const dir = await mkdtemp(join(base, 'silo-bench-'))
  const backend = await openSingleDrive(dir, { fsync, inlineLimit })
  await backend.createBucket('bench', '')
  const put = (prefix: string) => (i: number) =>
    backend.putObject({ bucket: 'bench', key: `${prefix}${i}`, body: once(BODY) })
  const row = {
    fsync,
    inline: inlineLimit !== 0,
    'PUT 1 KiB seq/s': await measure(OBJECTS, 1, put('s')),
    'PUT 1 KiB x32/s': await measure(OBJECTS, 32, put('p')),
    'HEAD/s': await measure(OBJECTS * 5, 1, (i) => backend.headObject('bench', `p${i % OBJECTS}`)),
    'GET 1 KiB x32/s': await measure(OBJECTS * 5, 32, (i) => drain(backend, `p${i % OBJECTS}`)),
  }
  console.log(JSON.stringify(row))
  await backend.close()
  await rm(dir, { recursive: true, force: true })
}

/** Lists a bucket whose keys are almost all under `dir/`, with and without a delimiter. */
async function benchListing(base: string, keys: number): Promise<void> {
  const dir = await mkdtemp(join(base, 'silo-bench-'))
  const backend = await openSingleDrive(dir, { fsync: false })
  await backend.createBucket('bench', '')
  for (let i = 0; i < keys; i += 500) {
    const batch = Array.from({ length: Math.min(500, keys - i) }, (_, j) => `dir/${i + j}`)
    await Promise.all(batch.map((key) => backend.putObject({ bucket: 'bench', key, body: once(BODY) })))
  }
  await backend.putObject({ bucket: 'bench', key: 'zzz', body: once(BODY) })
  let started = performance.now()
  const rolled = await backend.listObjects({ bucket: 'bench', delimiter: '/' })
  const rolledMs = performance.now() - started
  started = performance.now()
  await backend.listObjects({ bucket: 'bench' })
  const pageMs = performance.now() - started
  console.log(
    JSON.stringify({
      keys,
      'list delimiter / (ms)': +rolledMs.toFixed(2),
      'list 1000 keys (ms)': +pageMs.toFixed(2),
    }),
  )
  console.log(JSON.stringify({ commonPrefixes: rolled.commonPrefixes, objects: rolled.objects.length }))
  await backend.close()
  await rm(dir, { recursive: true, force: true })
}

const base = process.argv[2] && !process.argv[2].endsWith('.ts') ? process.argv[2] : tmpdir()
// inlineLimit 0 is the engine before small objects went inline: every object in a file.
await benchDrive(base, true, 0)
await benchDrive(base, true)
await benchDrive(base, false, 0)
await benchDrive(base, false)
await benchListing(base, 100_000)
