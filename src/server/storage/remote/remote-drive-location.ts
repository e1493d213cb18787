import type { Agent } from 'node:http'
import type { DriveFormat, DriveLocation, FormatReading, StorageDrive } from '../storage-drive.js'
import { type DriveCallSender, readInlineShard, readsInline, writeInlineShard } from './inline-shards.js'
import { deriveInternalKey } from './internal-auth.js'
import { readRemoteShard, writeRemoteShard } from './remote-shards.js'
import { batcherFor } from './storage-call-batcher.js'
import { agentFor, type RpcTarget } from './storage-rpc-client.js'
import { DRIVE_CALLS, STORAGE_AUTH_PURPOSE } from './storage-rpc-protocol.js'

/** A call fails once its connection is idle this long, by default (a commit's fsync of a big shard included). */
const DEFAULT_TIMEOUT_MS = 60_000
/**
 * The health calls (probe, formatStamp, readFormat) give up sooner: a server cut off the network
 * must show as offline before operations wait on it.
 */
const HEALTH_TIMEOUT_MS = 5_000

export interface RemoteDriveOptions {
  /** The server holding the drive, `http://host:port`. */
  url: string
  /** The drive's path on that server, as its command line gives it. */
  path: string
  /** The root secret key, the same on every server of the deployment. */
  secretKey: string
  /** Default: a keep-alive agent shared by every drive of `url`. */
  agent?: Agent
  /** A call fails when its connection is idle this long (default 60 s; health calls at most 5 s). */
  timeoutMs?: number
}

/**
 * A drive of another server, reached over the internal storage API (that server serves it with
 * createStorageRpcHandler). Health calls never reject: an unreachable server is a probe reason,
 * no format stamp, an `offline` reading. Drive calls reject with the drive's S3ServerError, or a
 * plain Error naming the server and the call when the drive or the network failed.
 *
 * @example
 * const location = remoteDriveLocation({ url: 'http://10.0.0.2:9000', path: '/mnt/disk1', secretKey })
 * const drive = await location.open()
 */
export function remoteDriveLocation(options: RemoteDriveOptions): DriveLocation {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const target: RpcTarget = {
    url: options.url,
    path: options.path,
    key: deriveInternalKey(options.secretKey, STORAGE_AUTH_PURPOSE),
    agent: options.agent ?? agentFor(options.url),
    timeoutMs,
  }
  const health = { ...target, timeoutMs: Math.min(timeoutMs, HEALTH_TIMEOUT_MS) }
  const call = callsOn(target)
  const healthCall = callsOn(health)
  return {
    endpoint: `${options.url}${options.path}`,
    probe: () =>
      healthCall('probe', []).then(
        (reason) => reason as string | undefined,
        (error: Error) => error.message,
      ),
    formatStamp: () =>
      healthCall('formatStamp', []).then(
        (stamp) => stamp as string | undefined,
        () => undefined,
      ),
    readFormat: () =>
      healthCall('readFormat', []).then(
        (reading) => reading as FormatReading,
        (error: Error): FormatReading => ({ kind: 'offline', reason: error.message }),
      ),
    writeFormat: async (format: DriveFormat) => {
      await call('writeFormat', [format])
    },
    createFolder: async () => {
      await call('createFolder', [])
    },
    open: async () => {
      await call('open', [])
      return remoteDrive(target, call)
    },
  }
}

/** The JSON calls on the target's drive, batched with the other drives of its server. */
function callsOn(target: RpcTarget): DriveCallSender {
  const batcher = batcherFor(target)
  return (name, args) => batcher.call(target, name, args)
}

/**
 * The drive calls: JSON ones batched per server; a shard's bytes inline in a batch when few,
 * else streamed in a request of their own.
 */
function remoteDrive(target: RpcTarget, call: DriveCallSender): StorageDrive {
  const calls: Record<string, unknown> = {}
  for (const name of Object.keys(DRIVE_CALLS)) {
    calls[name] = (...args: unknown[]) => call(name, args)
  }
  const shards: Pick<StorageDrive, 'readShard' | 'writeShard'> = {
    readShard: (bucket, key, range, versionId) =>
      readsInline(range)
        ? readInlineShard(call, [bucket, key, range, versionId])
        : readRemoteShard(target, [bucket, key, range, versionId]),
    writeShard: (place, body, reservation) =>
      writeInlineShard(call, place, body, reservation, () =>
        writeRemoteShard(target, place, body, reservation),
      ),
  }
  return Object.assign(calls, shards) as unknown as StorageDrive
}
