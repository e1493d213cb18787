import type { IncomingMessage } from 'node:http'
import { watchBodyProgress } from '../../body/body-timeout.js'
import { readBody } from '../../body/read-body.js'
import { isS3ServerError } from '../../errors.js'
import { StorageRpcRefusal } from './storage-rpc-errors.js'
import { ARGS_HEADER, RPC_STATUS } from './storage-rpc-protocol.js'

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
  try {
    const body = await readBody(watchBodyProgress(req), MAX_ARGS_BYTES)
    return parseArguments(body.toString('utf8'), 'the body')
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
  const header = req.headers[name]
  if (typeof header !== 'string') throw badRequest(`the ${name} header is missing`)
  try {
    return decodeURIComponent(header)
  } catch {
    throw badRequest(`the ${name} header is not URI-encoded`)
  }
}

function parseArguments(text: string, where: string): unknown[] {
  if (text === '') return []
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw badRequest(`${where} is not JSON: ${(error as Error).message}`)
  }
  if (!Array.isArray(value)) throw badRequest(`${where} is not a JSON array of arguments`)
  return value.map((arg) => (arg === null ? undefined : arg))
}

/** A 400 naming what is wrong with the request. */
export function badRequest(message: string): StorageRpcRefusal {
  return new StorageRpcRefusal(RPC_STATUS.badRequest, message)
}
