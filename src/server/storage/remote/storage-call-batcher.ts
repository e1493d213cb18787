import type { Agent } from 'node:http'
import {
  callStorage,
  type RpcChannel,
  type RpcTarget,
  readJson,
  sendStorageRequest,
  whatOf,
  where,
} from './storage-rpc-client.js'
import { decodeRpcError, RpcRequestError } from './storage-rpc-errors.js'
import {
  BATCH_PATH,
  type BatchOutcome,
  CALLS_HEADER,
  isShardCall,
  RPC_STATUS,
} from './storage-rpc-protocol.js'

/**
 * The most calls one batch carries; more in the same tick go in further batches (x-silo-calls
 * stays a few KB, far under Node's 16 KB of headers, and one slow call holds back few others).
 */
const MAX_BATCH_CALLS = 64

/** A call waiting for its batch to go. */
interface QueuedCall {
  target: RpcTarget
  name: string
  args: unknown[]
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Coalesces the JSON calls on the drives of one server: the calls made in the same turn of the
 * event loop (the erasure set calls all its drives at once) go out as one batch request, or as
 * the plain call when alone (a small shard's inline bytes, inline-shards.ts, go in a batch even then). Each call settles exactly as it would have alone: its result, its
 * drive's S3ServerError, or a plain Error naming the server, the call and its drive.
 *
 * @example const readObject = (bucket, key) => batcherFor(target).call(target, 'readObject', [bucket, key])
 */
export class StorageCallBatcher {
  #queued: QueuedCall[] = []

  constructor(readonly channel: RpcChannel) {}

  /** Queues a call on `target` (a drive of this batcher's channel); settles with its answer. */
  call(target: RpcTarget, name: string, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const count = this.#queued.push({ target, name, args, resolve, reject })
      // setImmediate, not a microtask: it also takes the calls an erasure step makes a few
      // awaits apart, and costs no measurable latency (docs/distributed.md, Batches).
      if (count === 1) queueMicrotask(() => this.#flush())
      else if (count === MAX_BATCH_CALLS) this.#flush()
    })
  }

  #flush(): void {
    const calls = this.#queued
    if (calls.length === 0) return
    this.#queued = []
    // Alone, a JSON call is the plain request; a shard's inline bytes only travel in a batch.
    if (calls.length === 1 && !isShardCall(calls[0]!.name)) {
      const [{ target, name, args, resolve, reject }] = calls as [QueuedCall]
      callStorage(target, name, args).then(resolve, reject)
    } else {
      void sendBatch(this.channel, calls)
    }
  }
}

const batchers = new WeakMap<Agent, Map<string, StorageCallBatcher>>()

/**
 * The batcher every drive of the same server (URL, agent, key and timeout) shares.
 *
 * @example const batcher = batcherFor(target)
 */
export function batcherFor(channel: RpcChannel): StorageCallBatcher {
  let byChannel = batchers.get(channel.agent)
  if (!byChannel) {
    byChannel = new Map()
    batchers.set(channel.agent, byChannel)
  }
  const id = `${channel.url} ${channel.timeoutMs} ${channel.key.toString('hex')}`
  let batcher = byChannel.get(id)
  if (!batcher) {
    batcher = new StorageCallBatcher(channel)
    byChannel.set(id, batcher)
  }
  return batcher
}

/**
 * One `POST /silo/storage/v1/batch`: the calls in x-silo-calls, their arguments as a JSON array of
 * arrays, the answer a JSON array of outcomes in the same order. A request that fails, or an
 * answer other than that array (a 403, a 400), fails every call, each naming itself.
 */
async function sendBatch(channel: RpcChannel, calls: QueuedCall[]): Promise<void> {
  const request = {
    path: BATCH_PATH,
    headers: { [CALLS_HEADER]: calls.map((c) => `${c.name}=${encodeURIComponent(c.target.path)}`).join(',') },
    what: `a batch of ${calls.length} calls`,
  }
  let status: number
  let answer: unknown
  try {
    const res = await sendStorageRequest(
      channel,
      request,
      Buffer.from(JSON.stringify(calls.map((c) => c.args))),
    )
    status = res.statusCode ?? 0
    answer = await readJson(channel, request.what, res)
  } catch (error) {
    for (const call of calls) {
      const what = whatOf(call.name, call.target.path)
      call.reject(error instanceof RpcRequestError ? error.naming(what) : error)
    }
    return
  }
  const outcomes =
    status === RPC_STATUS.ok && Array.isArray(answer) && answer.length === calls.length
      ? (answer as BatchOutcome[])
      : undefined
  for (const [i, call] of calls.entries()) {
    const outcome = outcomes?.[i]
    if (outcome && !('error' in outcome)) call.resolve(outcome.result)
    else if (outcome) call.reject(decodeRpcError(outcome.status, outcome, where(call.target, call.name)))
    else call.reject(decodeRpcError(status, answer, where(call.target, call.name)))
  }
}
