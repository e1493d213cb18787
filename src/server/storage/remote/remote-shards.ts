import { once } from 'node:events'
import type { ClientRequest } from 'node:http'
import type { DriveObject, DriveRange, DriveRead, ShardPlace, StagedShard } from '../storage-drive.js'
import { readStreamHead } from './read-stream-head.js'
import { answerOf, type RpcTarget, sendStorageCall, startStorageCall, where } from './storage-rpc-client.js'
import { OBJECT_LENGTH_HEADER } from './storage-rpc-protocol.js'

const STOP: unique symbol = Symbol('answered')

/**
 * writeShard over the storage RPC: the body streams into the request as the connection takes it
 * (each write waits for `drain`), only once the server sent its 100 (the drive's first read), so
 * a write the drive refuses never pulls a byte. An answer before the body is all sent (an error)
 * stops the reading and settles the call; the connection is then dropped.
 *
 * `reservation`: the room the caller reserved on the drive for it (StorageDrive.writeShard).
 *
 * @example const staged = await writeRemoteShard(target, { bucket, key }, shardBody)
 */
export async function writeRemoteShard(
  target: RpcTarget,
  place: ShardPlace,
  body: AsyncIterable<Uint8Array>,
  reservation?: string,
): Promise<StagedShard> {
  const args = reservation === undefined ? [place] : [place, reservation]
  const { req, response } = startStorageCall(target, 'writeShard', { args, expectContinue: true })
  let answered = false
  const settle = (): typeof STOP => {
    answered = true
    return STOP
  }
  const stop = response.then(settle, settle)
  try {
    await sendBody(req, body, stop, () => answered)
    return (await answerOf(target, 'writeShard', await response)) as StagedShard
  } finally {
    // Answered before the body was all sent, or the body failed: the connection is mid-request,
    // no use to the next call (and the server sees the write abort).
    if (!req.writableEnded) req.destroy()
  }
}

async function sendBody(
  req: ClientRequest,
  body: AsyncIterable<Uint8Array>,
  stop: Promise<typeof STOP>,
  answered: () => boolean,
): Promise<void> {
  if ((await Promise.race([once(req, 'continue'), stop])) === STOP) return
  for await (const chunk of body) {
    if (answered()) return
    if (!req.write(chunk) && (await Promise.race([once(req, 'drain'), stop])) === STOP) return
  }
  req.end()
}

/**
 * readShard over the storage RPC: the record, then the bytes of the range, streamed from the
 * answer as the caller reads (bytes the drive holds in memory come whole, as `data`). Destroying
 * the body closes its connection, so an early stop holds no pooled socket.
 *
 * @example const { object, body } = await readRemoteShard(target, ['b', 'k', { start: 0, end: 99 }])
 */
export async function readRemoteShard(
  target: RpcTarget,
  args: [bucket: string, key: string, range: DriveRange, versionId?: string],
): Promise<DriveRead> {
  const res = await sendStorageCall(target, 'readShard', args)
  try {
    const head = await readStreamHead(res, Number(res.headers[OBJECT_LENGTH_HEADER]))
    const object = JSON.parse(head.toString('utf8')) as DriveObject
    if (res.headers['content-length'] === undefined) return { object, body: res }
    const data = Buffer.concat(await res.toArray())
    return { object, data }
  } catch (error) {
    res.destroy()
    throw new Error(`${where(target, 'readShard')}: the answer broke off: ${(error as Error).message}`, {
      cause: error,
    })
  }
}
