import type { ClientRequest, IncomingMessage } from 'node:http'
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { readBody } from '../../body/read-body.js'
import { INTERNAL_AUTH_HEADER, signInternalRequest } from './internal-auth.js'
import { decodeRpcError, RpcRequestError } from './storage-rpc-errors.js'
import {
  ARGS_HEADER,
  DRIVE_HEADER,
  RPC_STATUS,
  STORAGE_RPC_PREFIX,
  signedFieldsOf,
} from './storage-rpc-protocol.js'

/** How long a pooled connection may sit idle: below the servers' keep-alive timeout (65 s), so a server rarely closes one as it is reused. */
const IDLE_SOCKET_MS = 30_000
/** The largest JSON answer read (a page of 1,000 records with their metadata is a few MB). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024

/** A server as the calls reach it. */
export interface RpcChannel {
  /** The server, `http://host:port`. */
  url: string
  /** deriveInternalKey(root secret, STORAGE_AUTH_PURPOSE). */
  key: Buffer
  agent: HttpAgent
  /** A request fails when the connection stays idle this long (no byte either way). */
  timeoutMs: number
}

/** One drive on another server, as the calls reach it. */
export interface RpcTarget extends RpcChannel {
  /** The drive's path on that server. */
  path: string
}

/** A request to send: its path, the headers that address it (signed), what its failures name. */
export interface RpcRequest {
  path: string
  headers: Record<string, string>
  /** `readObject on /d1`: what a failure's message names after the server. */
  what: string
}

/** A call under way: the request (to write a body to) and its answer's headers. */
export interface RpcExchange {
  req: ClientRequest
  /** Settles with the answer, or rejects with an RpcRequestError. */
  response: Promise<IncomingMessage>
}

const agents = new Map<string, HttpAgent>()

/**
 * The keep-alive agent shared by every drive of the server at `url`.
 *
 * @example const agent = agentFor('http://10.0.0.2:9000')
 */
export function agentFor(url: string): HttpAgent {
  let agent = agents.get(url)
  if (!agent) {
    const options = { keepAlive: true, timeout: IDLE_SOCKET_MS }
    agent = url.startsWith('https:') ? new HttpsAgent(options) : new HttpAgent(options)
    agents.set(url, agent)
  }
  return agent
}

/**
 * node:http's or node:https's `request`, by the server URL's scheme (the storage RPC's calls and
 * the peer API's alike).
 */
export function requestFor(url: string): typeof httpRequest {
  return url.startsWith('https:') ? httpsRequest : httpRequest
}

/**
 * Starts the signed `POST` of `request` to the channel's server; the caller writes the body and
 * ends.
 *
 * @example const { req, response } = startStorageRequest(channel, request, { contentLength: body.length })
 */
export function startStorageRequest(
  channel: RpcChannel,
  request: RpcRequest,
  options: { expectContinue?: boolean; contentLength?: number } = {},
): RpcExchange {
  const fields = signedFieldsOf('POST', request.path, (name) => request.headers[name] ?? '')
  const headers: Record<string, string | number> = {
    ...request.headers,
    [INTERNAL_AUTH_HEADER]: signInternalRequest(channel.key, fields, Date.now()),
  }
  if (options.expectContinue) headers['expect'] = '100-continue'
  if (options.contentLength !== undefined) headers['content-length'] = options.contentLength
  const req = requestFor(channel.url)(`${channel.url}${request.path}`, {
    method: 'POST',
    agent: channel.agent,
    timeout: channel.timeoutMs,
    headers,
  })
  let answer: IncomingMessage | undefined
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', (res: IncomingMessage) => {
      answer = res
      resolve(res)
    })
    req.on('error', (error) => reject(unreachable(channel.url, request.what, error)))
  })
  req.on('timeout', () => {
    const idle = `the connection was idle for ${channel.timeoutMs} ms`
    const error = new RpcRequestError(channel.url, idle, false, request.what)
    answer?.destroy(error)
    req.destroy(error)
  })
  return { req, response }
}

/**
 * Starts the signed `POST /silo/storage/v1/<name>` for the target's drive; `args` goes in the
 * x-silo-args header (writeShard, whose body is the shard). The caller writes the body and ends.
 *
 * @example const { req, response } = startStorageCall(target, 'writeShard', { args: [place], expectContinue: true })
 */
export function startStorageCall(
  target: RpcTarget,
  name: string,
  options: { args?: unknown[]; expectContinue?: boolean } = {},
): RpcExchange {
  return startStorageRequest(target, callRequest(target, name, options.args), options)
}

function callRequest(target: RpcTarget, name: string, args?: unknown[]): RpcRequest {
  const headers: Record<string, string> = { [DRIVE_HEADER]: encodeURIComponent(target.path) }
  if (args) headers[ARGS_HEADER] = encodeURIComponent(JSON.stringify(args))
  return { path: `${STORAGE_RPC_PREFIX}${name}`, headers, what: whatOf(name, target.path) }
}

/**
 * Sends `request` with `body` and resolves with its answer, unread, whatever its status. A
 * request that meets a pooled connection the server had just closed is sent once more (Node's
 * advice for keep-alive agents).
 *
 * @example const res = await sendStorageRequest(channel, request, Buffer.from('[]'))
 */
export async function sendStorageRequest(
  channel: RpcChannel,
  request: RpcRequest,
  body: Buffer,
): Promise<IncomingMessage> {
  for (let attempt = 1; ; attempt++) {
    const { req, response } = startStorageRequest(channel, request, { contentLength: body.length })
    req.end(body)
    try {
      return await response
    } catch (error) {
      // Only before an answer: a request the server answered, even in part, is never sent twice.
      const stale = req.reusedSocket && (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET'
      if (!stale || attempt > 1) throw error
    }
  }
}

/**
 * Sends a call with its arguments as a JSON body and resolves with its 200 answer, unread;
 * any other answer rejects as decodeRpcError says.
 *
 * @example const res = await sendStorageCall(target, 'readShard', [bucket, key, range])
 */
export async function sendStorageCall(
  target: RpcTarget,
  name: string,
  args: unknown[],
): Promise<IncomingMessage> {
  const request = callRequest(target, name)
  const res = await sendStorageRequest(target, request, Buffer.from(JSON.stringify(args)))
  if (res.statusCode === RPC_STATUS.ok) return res
  throw decodeRpcError(res.statusCode ?? 0, await readJson(target, request.what, res), where(target, name))
}

/**
 * Makes a JSON call and resolves with its result (undefined for a call that returns nothing).
 *
 * @example const record = await callStorage(target, 'readObject', [bucket, key]) as DriveObject
 */
export async function callStorage(target: RpcTarget, name: string, args: unknown[]): Promise<unknown> {
  return answerOf(target, name, await sendStorageCall(target, name, args))
}

/** The result of a JSON answer, or the error it carries (decodeRpcError). */
export async function answerOf(target: RpcTarget, name: string, res: IncomingMessage): Promise<unknown> {
  const body = await readJson(target, whatOf(name, target.path), res)
  if (res.statusCode === RPC_STATUS.ok) return (body as { result?: unknown }).result
  throw decodeRpcError(res.statusCode ?? 0, body, where(target, name))
}

/** `<call> on <drive>`: what a failed call names after its server. */
export function whatOf(name: string, path: string): string {
  return `${name} on ${path}`
}

/** `http://host:port <call> on <drive>`: what a failed call's message starts with. */
export function where(target: RpcTarget, name: string): string {
  return `${target.url} ${whatOf(name, target.path)}`
}

/**
 * An answer's JSON body (any status); an RpcRequestError naming `what` when it breaks off or is
 * not JSON.
 *
 * @example const body = await readJson(channel, 'readObject on /d1', res)
 */
export async function readJson(channel: RpcChannel, what: string, res: IncomingMessage): Promise<unknown> {
  let text: string
  try {
    text = (await readBody(res, MAX_ANSWER_BYTES)).toString('utf8')
  } catch (error) {
    const reason = `the answer broke off: ${(error as Error).message}`
    throw new RpcRequestError(channel.url, reason, false, what, { cause: error })
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new RpcRequestError(
      channel.url,
      `answered ${res.statusCode} with a body that is not JSON`,
      false,
      what,
    )
  }
}

function unreachable(url: string, what: string, error: Error): Error {
  if (error instanceof RpcRequestError) return error
  return new RpcRequestError(url, error.message, true, what, { cause: error })
}
