import type { ClientRequest, IncomingMessage } from 'node:http'
import { Agent as HttpAgent, request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { readBody } from '../../body/read-body.js'
import { INTERNAL_AUTH_HEADER, signInternalRequest } from './internal-auth.js'
import { decodeRpcError } from './storage-rpc-errors.js'
import { ARGS_HEADER, DRIVE_HEADER, RPC_STATUS, STORAGE_RPC_PREFIX } from './storage-rpc-protocol.js'

/** How long a pooled connection may sit idle: below the servers' keep-alive timeout (65 s), so a server rarely closes one as it is reused. */
const IDLE_SOCKET_MS = 30_000
/** The largest JSON answer read (a page of 1,000 records with their metadata is a few MB). */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024

/** One drive on another server, as the calls reach it. */
export interface RpcTarget {
  /** The server, `http://host:port`. */
  url: string
  /** The drive's path on that server. */
  path: string
  /** deriveInternalKey(root secret, STORAGE_AUTH_PURPOSE). */
  key: Buffer
  agent: HttpAgent
  /** A call fails when the connection stays idle this long (no byte either way). */
  timeoutMs: number
}

/** A call under way: the request (to write a body to) and its answer's headers. */
export interface RpcExchange {
  req: ClientRequest
  /** Settles with the answer, or rejects with a plain Error naming the server and the call. */
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
 * Starts the signed `POST /silo/storage/v1/<name>` for the target's drive; `args` goes in the
 * x-silo-args header (writeShard, whose body is the shard). The caller writes the body and ends.
 *
 * @example const { req, response } = startStorageCall(target, 'writeShard', { args: [place], expectContinue: true })
 */
export function startStorageCall(
  target: RpcTarget,
  name: string,
  options: { args?: unknown[]; expectContinue?: boolean; contentLength?: number } = {},
): RpcExchange {
  const path = `${STORAGE_RPC_PREFIX}${name}`
  const drive = encodeURIComponent(target.path)
  const args = options.args ? encodeURIComponent(JSON.stringify(options.args)) : ''
  const headers: Record<string, string | number> = {
    [DRIVE_HEADER]: drive,
    [INTERNAL_AUTH_HEADER]: signInternalRequest(target.key, ['POST', path, drive, args], Date.now()),
  }
  if (options.args) headers[ARGS_HEADER] = args
  if (options.expectContinue) headers['expect'] = '100-continue'
  if (options.contentLength !== undefined) headers['content-length'] = options.contentLength
  const send = target.url.startsWith('https:') ? httpsRequest : httpRequest
  const req = send(`${target.url}${path}`, {
    method: 'POST',
    agent: target.agent,
    timeout: target.timeoutMs,
    headers,
  })
  let answer: IncomingMessage | undefined
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', (res: IncomingMessage) => {
      answer = res
      resolve(res)
    })
    req.on('error', (error) => reject(unreachable(target, name, error)))
  })
  req.on('timeout', () => {
    const error = new Error(`${where(target, name)}: the connection was idle for ${target.timeoutMs} ms`)
    answer?.destroy(error)
    req.destroy(error)
  })
  return { req, response }
}

/**
 * Sends a call with its arguments as a JSON body and resolves with its 200 answer, unread;
 * any other answer rejects as decodeRpcError says. A call that meets a pooled connection the
 * server had just closed is sent once more (Node's advice for keep-alive agents).
 *
 * @example const res = await sendStorageCall(target, 'readShard', [bucket, key, range])
 */
export async function sendStorageCall(
  target: RpcTarget,
  name: string,
  args: unknown[],
): Promise<IncomingMessage> {
  const body = Buffer.from(JSON.stringify(args))
  for (let attempt = 1; ; attempt++) {
    const { req, response } = startStorageCall(target, name, { contentLength: body.length })
    req.end(body)
    let res: IncomingMessage
    try {
      res = await response
    } catch (error) {
      // Only before an answer: a call the server answered, even in part, is never sent twice.
      const stale = req.reusedSocket && (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET'
      if (stale && attempt === 1) continue
      throw error
    }
    if (res.statusCode === RPC_STATUS.ok) return res
    throw decodeRpcError(res.statusCode ?? 0, await readJson(target, name, res), where(target, name))
  }
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
  const body = await readJson(target, name, res)
  if (res.statusCode === RPC_STATUS.ok) return (body as { result?: unknown }).result
  throw decodeRpcError(res.statusCode ?? 0, body, where(target, name))
}

/** `http://host:port <call> on <drive>`: what a failed call's message starts with. */
export function where(target: RpcTarget, name: string): string {
  return `${target.url} ${name} on ${target.path}`
}

async function readJson(target: RpcTarget, name: string, res: IncomingMessage): Promise<unknown> {
  let text: string
  try {
    text = (await readBody(res, MAX_ANSWER_BYTES)).toString('utf8')
  } catch (error) {
    throw new Error(`${where(target, name)}: the answer broke off: ${(error as Error).message}`, {
      cause: error,
    })
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`${where(target, name)}: answered ${res.statusCode} with a body that is not JSON`)
  }
}

function unreachable(target: RpcTarget, name: string, error: Error): Error {
  if (error.message.startsWith(target.url)) return error
  return new Error(`${target.url} unreachable (${name} on ${target.path}): ${error.message}`, {
    cause: error,
  })
}
