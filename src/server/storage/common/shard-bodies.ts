import type { WholeShardBody } from '../storage-drive.js'

/** Whether a writeShard body can hand its bytes over whole (the erasure set's shard feeds can). */
export function isWholeShardBody(body: AsyncIterable<Uint8Array>): body is WholeShardBody {
  return typeof (body as Partial<WholeShardBody>).whole === 'function'
}
