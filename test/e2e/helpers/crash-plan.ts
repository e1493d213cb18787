/**
 * Plans one round of a crash-and-restart test: prepares what its requests need (a bucket to
 * delete, multipart uploads with their parts in), draws the requests, their keys and sizes, and
 * where the kill aims, all from a seeded PRNG, so a seed replays the same plan.
 */
import { randomBytes } from 'node:crypto'
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3'
import type { CrashModel } from './crash-model.js'
import {
  type CrashClients,
  type CrashOp,
  type CrashOpKind,
  completeOp,
  deleteBucketOp,
  deleteObjectsOp,
  healOp,
  putOp,
} from './crash-ops.js'
import type { KillPlan } from './crash-window.js'
import { MiB } from './erasure.js'
import { digestBytes } from './object-digest.js'
import type { SeededRandom } from './replay-seed.js'

const KiB = 1024

/** The bucket every round writes to. */
export const CRASH_BUCKET = 'crash-loop'

/** The keys rounds draw from: nested, spaced and non-ASCII names, `dir` beside `dir/…`. */
export const CRASH_KEYS: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  if (i === 5) return 'dir'
  if (i === 11) return 'dir/sub'
  const shapes = ['k', 'dir/k', 'dir/sub/k', 'spaced key ü/k', 'k', 'dir']
  return `${shapes[i % shapes.length]!}${i}`
})

/** How a round is drawn. */
export interface RoundOptions {
  round: number
  /** The kind of request the kill aims at. */
  target: CrashOpKind
  /** Per kind, the range [min, max] ms the kill comes after that request was sent. */
  killDelayMs: Record<CrashOpKind, [number, number]>
  /** Whether the backend heals (erasure): then a heal runs in every window. */
  heals: boolean
  workers: number
  opsPerWorker: number
}

type FillerKind = 'put-small' | 'put-large' | 'complete' | 'delete-objects'
const FILLERS: readonly FillerKind[] = [
  ...Array<FillerKind>(8).fill('put-small'),
  ...Array<FillerKind>(5).fill('put-large'),
  ...Array<FillerKind>(4).fill('complete'),
  ...Array<FillerKind>(3).fill('delete-objects'),
]

/** Draws and prepares one round; the server must be up. */
export async function planRound(
  c: CrashClients,
  model: CrashModel,
  rng: SeededRandom,
  options: RoundOptions,
): Promise<KillPlan> {
  const free = rng.shuffle(CRASH_KEYS)
  const present = new Set(model.presentKeys(CRASH_BUCKET))
  // undefined once the round has used every key: the request is then left out.
  const make = async (kind: Exclude<CrashOpKind, 'heal' | 'delete-bucket'>): Promise<CrashOp | undefined> => {
    if (kind === 'delete-objects') {
      const candidates = rng.shuffle(free.filter((key) => present.has(key)))
      if (candidates.length < 2) return make('put-small')
      const keys = candidates.slice(0, rng.int(2, Math.min(4, candidates.length)))
      for (const key of keys) free.splice(free.indexOf(key), 1)
      return deleteObjectsOp(c, CRASH_BUCKET, keys)
    }
    const key = free.pop()
    if (key === undefined) return undefined
    if (kind === 'put-small') return prepareBody(c, kind, key, rng.int(0, 100 * KiB))
    if (kind === 'put-large') return prepareBody(c, kind, key, rng.int(256 * KiB, 3 * MiB))
    return prepareComplete(c, key, rng)
  }

  const racing = rng.chance(0.5)
  const doomed = await prepareDoomedBucket(c, model, rng, options.round, racing)
  const heal = options.heals ? healOp(c) : undefined
  let target: CrashOp | undefined
  if (options.target === 'heal') target = heal
  else if (options.target === 'delete-bucket') target = doomed
  else target = await make(options.target)
  if (!target) throw new Error(`no ${options.target} request can be the target here`)
  const queues: CrashOp[][] = []
  for (let w = 0; w < options.workers; w++) {
    const queue: CrashOp[] = []
    for (let i = 0; i < options.opsPerWorker; i++) {
      const op = await make(rng.pick(FILLERS))
      if (op) queue.push(op)
    }
    queues.push(queue)
  }
  // The target second to fourth in its queue: requests before it were answered (acknowledged
  // writes to check), requests after it and in other queues are in flight around the kill.
  if (target !== heal) rng.pick(queues).splice(rng.int(1, 3), 0, target)
  if (target !== doomed) {
    const queue = rng.pick(queues)
    queue.splice(rng.int(0, queue.length), 0, doomed)
  }
  if (racing) addDeleteBucketRacers(c, rng, queues, doomed, `doomed-${options.round}`)
  if (heal) queues.push([heal])
  const [min, max] = options.killDelayMs[options.target]
  return { queues, target, delayMs: rng.int(min, max) }
}

/**
 * PUTs into the bucket being deleted, one in each other queue, placed about where the
 * DeleteBucket is in its own: either the bucket stays with their objects (BucketNotEmpty) or
 * they fail with NoSuchBucket; an acknowledged one in a deleted bucket is a lost write.
 */
function addDeleteBucketRacers(
  c: CrashClients,
  rng: SeededRandom,
  queues: CrashOp[][],
  deleteBucket: CrashOp,
  bucket: string,
): void {
  const at = queues.find((queue) => queue.includes(deleteBucket))!.indexOf(deleteBucket)
  for (const [i, queue] of queues.entries()) {
    if (queue.includes(deleteBucket)) continue
    const body = randomBytes(rng.int(0, 8 * KiB))
    const racer = putOp(c, 'put-small', bucket, `racer-${i}`, body, digestBytes(body), true)
    queue.splice(Math.max(0, at + rng.int(-1, 1)), 0, racer)
  }
}

async function prepareBody(
  c: CrashClients,
  kind: 'put-small' | 'put-large',
  key: string,
  size: number,
): Promise<CrashOp> {
  const body = randomBytes(size)
  return putOp(c, kind, CRASH_BUCKET, key, body, digestBytes(body))
}

/**
 * Starts an upload and sends its parts: one part (the last part may be small), or, one time in
 * four, a 5 MiB part and a short last one.
 */
async function prepareComplete(c: CrashClients, key: string, rng: SeededRandom): Promise<CrashOp> {
  const sizes = rng.chance(0.25) ? [5 * MiB, rng.int(1, 256 * KiB)] : [rng.int(64 * KiB, MiB)]
  const bodies = sizes.map((size) => randomBytes(size))
  const { UploadId } = await c.s3.send(new CreateMultipartUploadCommand({ Bucket: CRASH_BUCKET, Key: key }))
  const parts: Array<{ PartNumber: number; ETag: string }> = []
  for (const [i, body] of bodies.entries()) {
    const { ETag } = await c.s3.send(
      new UploadPartCommand({ Bucket: CRASH_BUCKET, Key: key, UploadId, PartNumber: i + 1, Body: body }),
    )
    parts.push({ PartNumber: i + 1, ETag: ETag! })
  }
  return completeOp(c, CRASH_BUCKET, key, UploadId!, parts, digestBytes(Buffer.concat(bodies)))
}

/**
 * Creates this round's bucket to delete: empty, with an upload in progress (DeleteBucket
 * discards it), or with one object (DeleteBucket must refuse with BucketNotEmpty). `racing`:
 * PUTs into it will race the DeleteBucket.
 */
async function prepareDoomedBucket(
  c: CrashClients,
  model: CrashModel,
  rng: SeededRandom,
  round: number,
  racing: boolean,
): Promise<CrashOp> {
  const bucket = `doomed-${round}`
  const holds = rng.pick(['nothing', 'upload', 'object'] as const)
  await c.client.makeBucket(bucket)
  model.createBucket(bucket)
  if (holds === 'upload') {
    const { UploadId } = await c.s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'pending' }))
    await c.s3.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: 'pending',
        UploadId,
        PartNumber: 1,
        Body: randomBytes(KiB),
      }),
    )
  }
  if (holds === 'object') {
    const body = randomBytes(rng.int(1, 4 * KiB))
    await c.client.putObject(bucket, 'kept', body, body.length)
    model.write(bucket, 'kept', digestBytes(body), 'acknowledged')
  }
  return deleteBucketOp(c, bucket, holds === 'object' ? 'holds' : racing ? 'may-hold' : 'empty')
}
