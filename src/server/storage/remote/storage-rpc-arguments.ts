import type { IncomingMessage } from 'node:http'
import { watchBodyProgress } from '../../body/body-timeout.js'
import { readBody } from '../../body/read-body.js'
import { isS3ServerError } from '../../errors.js'
import type { DriveLocation } from '../storage-drive.js'
import { StorageRpcRefusal } from './storage-rpc-errors.js'
import {
  ARGS_HEADER,
  type DriveCall,
  isDriveCall,
  isLocationCall,
  type LocationCall,
  RPC_STATUS,
} from './storage-rpc-protocol.js'

/** The largest JSON body of arguments taken (a CompleteMultipartUpload of 10,000 parts is ~0.7 MB). */
const MAX_ARGS_BYTES = 16 * 1024 * 1024

/**
 * A call's arguments from its JSON body: an array, `null` standing for `undefined` (JSON has no
 * undefined, and no drive argument is null). 400 when the body is not such an array (or is too
 * big, or stalls past the server's body timeout).
 *
 * @example const [bucket, key] = await readBodyArguments(req)
 */
export async function readBodyArguments(req: IncomingMessage): Promise<unknown[]> {
  return parseArguments(await readBodyText(req), 'the body')
}

/**
 * A batch's arguments from its JSON body: an array of `count` arrays, one per call, each as
 * readBodyArguments takes it (400 otherwise).
 *
 * @example const [[bucket], [bucket2, key]] = await readBatchArguments(req, 2)
 */
export async function readBatchArguments(req: IncomingMessage, count: number): Promise<unknown[][]> {
  const value = parseJson(await readBodyText(req), 'the body')
  if (!Array.isArray(value) || value.length !== count) {
    throw badRequest(`the body is not a JSON array of ${count} arrays of arguments`)
  }
  return value.map((args, i) => argumentsOf(args, `the arguments of call ${i + 1}`))
}

async function readBodyText(req: IncomingMessage): Promise<string> {
  try {
    return (await readBody(watchBodyProgress(req), MAX_ARGS_BYTES)).toString('utf8')
  } catch (error) {
    if (isS3ServerError(error)) throw new StorageRpcRefusal(RPC_STATUS.badRequest, error.message)
    throw error
  }
}

/**
 * writeShard's arguments, from the `x-silo-args` header (URI-encoded JSON array): its body is
 * the shard's bytes.
 *
 * @example const [place] = readHeaderArguments(req)
 */
export function readHeaderArguments(req: IncomingMessage): unknown[] {
  return parseArguments(readEncodedHeader(req, ARGS_HEADER), `the ${ARGS_HEADER} header`)
}

/**
 * The decoded value of a URI-encoded header (400 when it is missing or not URI-encoded).
 *
 * @example const path = readEncodedHeader(req, DRIVE_HEADER)
 */
export function readEncodedHeader(req: IncomingMessage, name: string): string {
  return decodeComponent(readHeader(req, name), `the ${name} header`)
}

/**
 * A header's value as sent (400 when it is missing).
 *
 * @example const calls = readHeader(req, CALLS_HEADER).split(',')
 */
export function readHeader(req: IncomingMessage, name: string): string {
  const header = req.headers[name]
  if (typeof header !== 'string') throw badRequest(`the ${name} header is missing`)
  return header
}

/**
 * `text` URI-decoded (400 saying `where` is not URI-encoded otherwise).
 *
 * @example const path = decodeComponent(part, 'the x-silo-calls header')
 */
export function decodeComponent(text: string, where: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    throw badRequest(`${where} is not URI-encoded`)
  }
}

function parseArguments(text: string, where: string): unknown[] {
  return text === '' ? [] : argumentsOf(parseJson(text, where), where)
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw badRequest(`${where} is not JSON: ${(error as Error).message}`)
  }
}

/** A JSON array of arguments, `null` standing for `undefined`. */
function argumentsOf(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw badRequest(`${where} is not a JSON array of arguments`)
  return value.map((arg) => (arg === null ? undefined : arg))
}

/**
 * The call `name`, when it is one of this API (400 naming it otherwise).
 *
 * @example const name = checkCallName(url.slice(STORAGE_RPC_PREFIX.length))
 */
export function checkCallName(name: string): DriveCall | LocationCall {
  if (!isDriveCall(name) && !isLocationCall(name)) throw badRequest(`"${name}" is not a storage call`)
  return name
}

/**
 * The drive `path`, when this server serves it (400 naming it otherwise).
 *
 * @example const path = checkDrivePath(readEncodedHeader(req, DRIVE_HEADER), drives.locations)
 */
export function checkDrivePath(path: string, locations: ReadonlyMap<string, DriveLocation>): string {
  if (!locations.has(path)) throw badRequest(`this server has no drive "${path}"`)
  return path
}

/** A 400 naming what is wrong with the request. */
export function badRequest(message: string): StorageRpcRefusal {
  return new StorageRpcRefusal(RPC_STATUS.badRequest, message)
}
