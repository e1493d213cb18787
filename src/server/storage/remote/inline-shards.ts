import { isWholeShardBody } from '../common/shard-bodies.js'
import type { DriveObject, DriveRead, ShardPlace, StagedShard, StorageDrive } from '../storage-drive.js'
import { badRequest } from './storage-rpc-arguments.js'
import { INLINE_SHARD_BYTES } from './storage-rpc-protocol.js'

/** A JSON call on one drive, as the batcher sends it. */
export type DriveCallSender = (name: string, args: unknown[]) => Promise<unknown>

/** readShard's result in a batch: the bytes as base64. */
interface InlineRead {
  object: DriveObject
  data: string
}

/**
 * Whether a readShard of `range` travels inline in a batch (its bytes at most INLINE_SHARD_BYTES).
 *
 * @example if (readsInline(range)) return readInlineShard(send, [bucket, key, range])
 */
export function readsInline(range: { start: number; end: number }): boolean {
  return range.end - range.start < INLINE_SHARD_BYTES
}

/**
 * readShard in a batch: the record and the range's bytes come back in the batch's answer, held
 * in memory as `data` (as the local drive hands small files).
 *
 * @example const { object, data } = await readInlineShard(send, ['b', 'k', { start: 0, end: 99 }])
 */
export async function readInlineShard(send: DriveCallSender, args: unknown[]): Promise<DriveRead> {
  const { object, data } = (await send('readShard', args)) as InlineRead
  return { object, data: Buffer.from(data, 'base64') }
}

/**
 * writeShard in a batch when the body hands over its bytes whole and they are few
 * (WholeShardBody: the erasure set's feeds); `stream` otherwise. Neither pulls the body before
 * the drive reads it, so a refused write pulled nothing.
 *
 * `reservation`: the room the caller reserved on the drive for it (StorageDrive.writeShard).
 *
 * @example const staged = await writeInlineShard(send, place, body, undefined, () => writeRemoteShard(target, place, body))
 */
export async function writeInlineShard(
  send: DriveCallSender,
  place: ShardPlace,
  body: AsyncIterable<Uint8Array>,
  reservation: string | undefined,
  stream: () => Promise<StagedShard>,
): Promise<StagedShard> {
  const chunks = isWholeShardBody(body) ? await body.whole(INLINE_SHARD_BYTES) : undefined
  if (!chunks) return stream()
  const data = Buffer.concat(chunks).toString('base64')
  const args = reservation === undefined ? [place, data] : [place, data, reservation]
  return (await send('writeShard', args)) as StagedShard
}

/**
 * The serving side of readShard in a batch: the range's bytes, read whole, as base64 (400 for a
 * range longer than INLINE_SHARD_BYTES: it streams in its own request).
 *
 * @example outcome = resultBody(await serveInlineRead(drive, args))
 */
export async function serveInlineRead(drive: StorageDrive, args: unknown[]): Promise<InlineRead> {
  const [bucket, key, range, versionId] = args as Parameters<StorageDrive['readShard']>
  if (typeof range?.start !== 'number' || typeof range.end !== 'number' || !readsInline(range)) {
    throw badRequest(`readShard in a batch reads a range of at most ${INLINE_SHARD_BYTES} bytes`)
  }
  const read = await drive.readShard(bucket, key, range, versionId)
  const data = read.data ?? (read.body ? Buffer.concat(await read.body.toArray()) : new Uint8Array())
  return {
    object: read.object,
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64'),
  }
}

/**
 * The serving side of writeShard in a batch: `[place, base64 bytes, reservation?]`, the bytes
 * handed to the drive as a one-chunk body.
 *
 * @example outcome = resultBody(await serveInlineWrite(drive, args))
 */
export async function serveInlineWrite(drive: StorageDrive, args: unknown[]): Promise<StagedShard> {
  const [place, data, reservation] = args
  if (typeof data !== 'string') throw badRequest('writeShard in a batch carries its bytes as base64')
  return drive.writeShard(
    place as ShardPlace,
    oneChunk(Buffer.from(data, 'base64')),
    reservationArgument(reservation),
  )
}

/**
 * writeShard's reservation argument: absent, or the string reserveSpace answered (400 otherwise).
 *
 * @example drive.writeShard(place, body, reservationArgument(args[2]))
 */
export function reservationArgument(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  throw badRequest("writeShard's reservation must be the string reserveSpace answered")
}

/** The body of `bytes`: one chunk, none for an empty shard (as a streamed empty body). */
async function* oneChunk(bytes: Buffer): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes
}
