/**
 * After a restart, compares what the server shows with what a crash model allows: every bucket
 * and key in one of its possible states, GET, HEAD and the listing agreeing, nothing the model
 * does not know. Then the model settles on what was seen.
 */
import { join } from 'node:path'
import type { Client } from '../../../src/index.js'
import { ABSENT, type CrashModel, type ObjectState } from './crash-model.js'
import { listFiles } from './erasure.js'
import { digestObject } from './object-digest.js'

/**
 * Checks the server against `model` and settles the model on what it saw. Returns every
 * violation found (empty when all holds), each naming the bucket or key.
 */
export async function checkAgainstModel(client: Client, model: CrashModel): Promise<string[]> {
  const violations: string[] = []
  const listed = new Set((await client.listBuckets()).map((b) => b.name))
  for (const name of listed) {
    if (!model.bucketNames().includes(name)) violations.push(`bucket ${name} was never created`)
  }
  for (const bucket of model.bucketNames()) {
    const state = listed.has(bucket) ? 'present' : 'absent'
    if (!model.bucketStates(bucket).has(state)) {
      violations.push(
        `bucket ${bucket} is ${state}, expected ${[...model.bucketStates(bucket)].join(' or ')}`,
      )
    }
    model.settleBucket(bucket, state)
    violations.push(...(await checkObjects(client, model, bucket, state === 'present')))
  }
  return violations
}

/** Each key of one bucket through GET, HEAD and the listing. */
async function checkObjects(
  client: Client,
  model: CrashModel,
  bucket: string,
  present: boolean,
): Promise<string[]> {
  const violations: string[] = []
  const listing = new Map<string, number>()
  if (present) {
    for await (const item of client.listObjectsV2(bucket, '', true)) listing.set(item.name!, item.size!)
  }
  for (const name of listing.keys()) {
    if (!model.keysOf(bucket).includes(name)) violations.push(`${bucket}/${name} listed, never written`)
  }
  for (const key of model.keysOf(bucket)) {
    const where = `${bucket}/${key}`
    const seen = present ? await observe(client, bucket, key) : { state: ABSENT }
    if ('error' in seen) {
      violations.push(`${where}: GET answered ${seen.error}`)
      continue
    }
    const allowed = model.objectStates(bucket, key)
    if (!allowed.has(seen.state)) {
      const expected = [...allowed].map((s) => model.describe(s)).join(' or ')
      violations.push(`${where} is ${model.describe(seen.state)}, expected ${expected}`)
    }
    const inListing = listing.get(key)
    if (seen.state === ABSENT && inListing !== undefined)
      violations.push(`${where}: listed but GET finds none`)
    if (seen.state !== ABSENT && inListing !== seen.size) {
      violations.push(`${where}: GET reads ${seen.size} bytes, the listing says ${inListing ?? 'nothing'}`)
    }
    if (seen.state !== ABSENT && seen.headSize !== seen.size) {
      violations.push(`${where}: GET reads ${seen.size} bytes, HEAD says ${seen.headSize}`)
    }
    model.settleObject(bucket, key, seen.state)
  }
  return violations
}

type Observation = { state: ObjectState; size?: number; headSize?: number } | { error: string }

/** A key's state by GET (content hash, or ABSENT on NoSuchKey), and its size by HEAD. */
async function observe(client: Client, bucket: string, key: string): Promise<Observation> {
  try {
    const { size: headSize } = await client.statObject(bucket, key)
    const digest = await digestObject(client, bucket, key)
    return { state: digest.sha256, size: digest.size, headSize }
  } catch (error) {
    const e = error as { code?: string; statusCode?: number }
    if (e.code === 'NoSuchKey' || e.code === 'NotFound') return { state: ABSENT }
    return { error: `${e.statusCode ?? ''} ${e.code ?? error}`.trim() }
  }
}

/** Files left in the `tmp/` of each drive (a restart empties it: a crash leaves none). */
export async function leftoverTempFiles(drives: readonly string[]): Promise<string[]> {
  const found: string[] = []
  for (const drive of drives) found.push(...(await listFiles(join(drive, '.silo.sys/tmp'))))
  return found
}

/** Aborts every upload, deletes every object and every bucket, through the S3 API. */
export async function emptyServer(client: Client): Promise<void> {
  for (const { name: bucket } of await client.listBuckets()) {
    const uploads = new Set<string>()
    for await (const upload of client.listIncompleteUploads(bucket, '', true))
      if (upload.key) uploads.add(upload.key)
    for (const key of uploads) await client.removeIncompleteUpload(bucket, key)
    const keys: string[] = []
    for await (const item of client.listObjectsV2(bucket, '', true)) keys.push(item.name!)
    const failures = await client.removeObjects(bucket, keys)
    if (failures.length > 0) throw new Error(`could not delete ${JSON.stringify(failures)}`)
    await client.removeBucket(bucket)
  }
}
