import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '../../logger.js'
import { serveInlineRead, serveInlineWrite } from './inline-shards.js'
import type { OpenedDrives } from './opened-drives.js'
import { resultBody, runStorageCall, sendJson } from './serve-storage-call.js'
import {
  badRequest,
  checkCallName,
  checkDrivePath,
  decodeComponent,
  readBatchArguments,
  readHeader,
} from './storage-rpc-arguments.js'
import { encodeRpcError } from './storage-rpc-errors.js'
import {
  type BatchOutcome,
  CALLS_HEADER,
  type DriveCall,
  type LocationCall,
  RPC_STATUS,
} from './storage-rpc-protocol.js'

/** An authenticated batch request. */
export interface StorageBatch {
  drives: OpenedDrives
  req: IncomingMessage
  res: ServerResponse
  /** The client waits for a 100 before sending the body (Expect: 100-continue). */
  expectsContinue: boolean
  /** Where drive failures are logged. */
  logger?: Logger
}

/** A call as x-silo-calls names it. */
interface NamedCall {
  name: string
  path: string
}

/**
 * Runs the calls of a batch at once, as separate requests would run, and answers a JSON array of
 * their outcomes in order: each the result or the error its own request would have answered (a
 * call that is not one of the API or on a drive not served here is a 400 of its own); a shard's
 * bytes travel inline.
 * Only a batch that cannot be read (x-silo-calls or the body malformed) is refused whole.
 *
 * @example await serveStorageBatch({ drives, req, res, expectsContinue: false, logger })
 */
export async function serveStorageBatch({
  drives,
  req,
  res,
  expectsContinue,
  logger,
}: StorageBatch): Promise<void> {
  const calls = readCalls(req)
  if (expectsContinue) res.writeContinue()
  const args = await readBatchArguments(req, calls.length)
  const outcomes = await Promise.all(calls.map((call, i) => outcomeOf(drives, call, args[i]!, logger)))
  sendJson(res, outcomes)
}

/** What a call of a batch answers: its result, or its error as its own request would have answered it. */
async function outcomeOf(
  drives: OpenedDrives,
  { name, path }: NamedCall,
  args: unknown[],
  logger: Logger | undefined,
): Promise<BatchOutcome> {
  try {
    const call = checkCallName(name)
    return resultBody(await runBatchedCall(drives, checkDrivePath(path, drives.locations), call, args))
  } catch (error) {
    const { status, body } = encodeRpcError(error)
    if (status === RPC_STATUS.driveFailure)
      logger?.error(`storage call ${name} on ${path} (batch) failed`, error)
    return { status, ...body }
  }
}

/** Runs a call of a batch: a JSON call, or a shard's bytes inline (inline-shards.ts). */
async function runBatchedCall(
  drives: OpenedDrives,
  path: string,
  name: DriveCall | LocationCall,
  args: unknown[],
): Promise<unknown> {
  if (name === 'readShard') return serveInlineRead(await drives.get(path), args)
  if (name === 'writeShard') return serveInlineWrite(await drives.get(path), args)
  return runStorageCall(drives, path, name, args)
}

/** The calls x-silo-calls names (`<call>=<URI-encoded drive>`, comma-separated); 400 when it is malformed. */
function readCalls(req: IncomingMessage): NamedCall[] {
  return readHeader(req, CALLS_HEADER)
    .split(',')
    .map((part) => {
      const [name, drive, more] = part.split('=')
      if (!name || drive === undefined || more !== undefined) {
        throw badRequest(`the ${CALLS_HEADER} header is not <call>=<URI-encoded drive>, comma-separated`)
      }
      return { name, path: decodeComponent(drive, `the ${CALLS_HEADER} header`) }
    })
}
