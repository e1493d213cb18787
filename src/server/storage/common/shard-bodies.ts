import type { LentShardBody, ReadsInto, WholeShardBody } from '../storage-drive.js'

/** Whether a writeShard body can hand its bytes over whole (the erasure set's shard feeds can). */
export function isWholeShardBody(body: AsyncIterable<Uint8Array>): body is WholeShardBody {
  return typeof (body as Partial<WholeShardBody>).whole === 'function'
}

/** Whether a writeShard body lends its chunks (LentShardBody): the drive then says when it is done. */
export function isLentShardBody(body: AsyncIterable<Uint8Array>): body is LentShardBody {
  return typeof (body as Partial<LentShardBody>).release === 'function'
}

/** Whether a readShard body can read into the caller's buffers (a local drive's file). */
export function canReadInto(body: object): body is ReadsInto {
  return typeof (body as Partial<ReadsInto>).readInto === 'function'
}
