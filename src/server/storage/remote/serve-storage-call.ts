import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { watchBodyProgress } from '../../body/body-timeout.js'
import type { DriveRead, ShardPlace, StorageDrive } from '../storage-drive.js'
import { reservationArgument } from './inline-shards.js'
import type { OpenedDrives } from './opened-drives.js'
import { readBodyArguments, readHeaderArguments } from './storage-rpc-arguments.js'
import {
  type DriveCall,
  isDriveCall,
  type LocationCall,
  OBJECT_LENGTH_HEADER,
} from './storage-rpc-protocol.js'

/** One authenticated call on a drive the server serves. */
export interface StorageCall {
  drives: OpenedDrives
  /** The drive's path, a key of `drives.locations`. */
  path: string
  name: DriveCall | LocationCall
  req: IncomingMessage
  res: ServerResponse
  /** The client waits for a 100 before sending the body (Expect: 100-continue). */
  expectsContinue: boolean
}

type AnyCall = (...args: unknown[]) => Promise<unknown>

/**
 * Runs a call and answers it: JSON arguments and result, except writeShard (the body is the
 * shard, received as the drive reads it: the 100 goes out on the drive's first read, so a
 * refused write never travels) and readShard (the record's JSON, then the bytes).
 *
 * @example await serveStorageCall({ drives, path: '/mnt/d1', name: 'readObject', req, res, expectsContinue })
 */
export async function serveStorageCall(call: StorageCall): Promise<void> {
  const { drives, path, name, req, res } = call
  if (name === 'writeShard') {
    const [place, reservation] = readHeaderArguments(req) as [ShardPlace, unknown]
    const drive = await drives.get(path)
    sendResult(res, await drive.writeShard(place, shardBody(call), reservationArgument(reservation)))
    return
  }
  if (call.expectsContinue) res.writeContinue()
  const args = await readBodyArguments(req)
  if (name === 'readShard') {
    const drive = await drives.get(path)
    await sendShard(res, await drive.readShard(...(args as Parameters<StorageDrive['readShard']>)))
  } else {
    sendResult(res, await runStorageCall(drives, path, name, args))
  }
}

/**
 * Runs a call whose answer is JSON (every one but the shards' streams) on the drive at `path`:
 * `open` and `close` open and close it on this server, a location call goes to its location.
 *
 * @example const bucket = await runStorageCall(drives, '/mnt/d1', 'getBucket', ['photos'])
 */
export async function runStorageCall(
  drives: OpenedDrives,
  path: string,
  name: DriveCall | LocationCall,
  args: unknown[],
): Promise<unknown> {
  if (name === 'open') {
    await drives.get(path)
    return undefined
  }
  if (name === 'close') return drives.close(path)
  if (isDriveCall(name)) {
    const drive = await drives.get(path)
    return (drive[name] as AnyCall).apply(drive, args)
  }
  const location = drives.locations.get(path)!
  return (location[name] as AnyCall).apply(location, args)
}

/** The request's bytes as the drive pulls them, the 100 sent on the first pull. */
async function* shardBody({ req, res, expectsContinue }: StorageCall): AsyncGenerator<Uint8Array> {
  if (expectsContinue) res.writeContinue()
  yield* watchBodyProgress(req)
}

/** `{ result }`, or `{}` for a call that returns nothing. */
function sendResult(res: ServerResponse, result: unknown): void {
  sendJson(res, resultBody(result))
}

/**
 * A call's result as its answer carries it: `{ result }`, or `{}` for a call that returns nothing.
 *
 * @example outcomes.push(resultBody(await runStorageCall(drives, path, name, args)))
 */
export function resultBody(result: unknown): { result?: unknown } {
  return result === undefined ? {} : { result }
}

/**
 * A 200 answer with `body` as JSON.
 *
 * @example sendJson(res, outcomes)
 */
export function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

/**
 * The record's JSON (its length in x-silo-object-length: with a multipart object's part list it
 * outgrows a header), then the bytes: with their length when the drive has them in memory,
 * streamed (chunked) otherwise. A reader that goes away closes the drive's stream.
 */
async function sendShard(res: ServerResponse, read: DriveRead): Promise<void> {
  const head = Buffer.from(JSON.stringify(read.object))
  const length = read.data ? { 'content-length': head.length + read.data.byteLength } : {}
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    [OBJECT_LENGTH_HEADER]: head.length,
    ...length,
  })
  res.write(head)
  if (read.data || !read.body) {
    res.end(read.data)
    return
  }
  await pipeline(read.body, res).catch(() => res.destroy())
}
