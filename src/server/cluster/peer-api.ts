import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServerInfo } from '../../shared/admin/server-info.js'
import { sendJson } from '../admin/admin-response.js'
import { readBody } from '../body/read-body.js'
import { isS3ServerError } from '../errors.js'
import type { ListenFilter } from '../events/listeners.js'
import type { Subscription } from '../events/subscription.js'
import {
  INTERNAL_AUTH_HEADER,
  signInternalRequest,
  verifyInternalRequest,
} from '../storage/remote/internal-auth.js'
import { agentFor, requestFor } from '../storage/remote/storage-rpc-client.js'
import type { DistributedLocks } from './distributed-locks.js'
import type { LockRequest, LockResponse, LockTransport } from './lock-protocol.js'
import { peerKeyOf } from './peer-key.js'
import { servePeerListen } from './peer-listen.js'
import type { ClusterTopology } from './topology.js'

const PREFIX = '/silo/peer/v1/'
/** Peer calls are small; a peer that takes longer is treated as down. */
const PEER_TIMEOUT_MS = 5000
/** A peer request's body (a lock request, a service action) is a few hundred bytes. */
const MAX_BODY = 64 * 1024
/** A peer's answer (an `info` record lists every drive) stays far below this. */
const MAX_ANSWER = 4 * 1024 * 1024

/** What this server answers its peers with (set once its pipeline exists). */
export interface PeerServices {
  /** This server's `info` record. */
  info(): Promise<ServerInfo>
  /** `service restart|stop` on this server alone (stop answers before it stops). */
  service(action: 'restart' | 'stop'): Promise<unknown>
  /** A live feed of this server's own events (a peer's listen client wants them too). */
  subscribe(filter: ListenFilter): Subscription
}

/** The servers' calls to each other beyond storage: locks, `info`, `service`, `listen`. */
export interface PeerApi {
  handles(req: IncomingMessage): boolean
  handle(req: IncomingMessage, res: ServerResponse): void
  /** Installs what this server answers `info` and `service` with. */
  serve(services: PeerServices): void
  /** Every other server of the deployment. */
  others(): string[]
  /** A peer's `info` record. */
  info(server: string): Promise<ServerInfo>
  /** Restarts or stops a peer. */
  service(server: string, action: 'restart' | 'stop'): Promise<unknown>
}

/**
 * The peer API at `/silo/peer/v1/`: `lock` (the lock slots' owners grant and release locks for
 * the others), `info`, `service` and `listen` (peer-listen.ts). Requests are signed as the internal storage API's
 * (remote/internal-auth.ts): with a key only the deployment's servers hold.
 */
export function createPeerApi(options: {
  topology: ClusterTopology
  secretKey: string
  locks: () => DistributedLocks | undefined
}): PeerApi {
  const { topology } = options
  const key = peerKeyOf(options.secretKey)
  let services: PeerServices | undefined

  async function answer(req: IncomingMessage, op: string, body: unknown): Promise<unknown> {
    if (op === 'lock' && req.method === 'POST') {
      const locks = options.locks()
      if (!locks) throw new PeerError(503, 'this server has not joined the cluster yet')
      return locks.handleLockRequest(body as LockRequest)
    }
    if (!services) throw new PeerError(503, 'this server is still starting')
    if (op === 'info' && req.method === 'GET') return services.info()
    if (op === 'service' && req.method === 'POST') {
      const action = (body as { action?: unknown }).action
      if (action !== 'restart' && action !== 'stop')
        throw new PeerError(400, 'action must be restart or stop')
      return services.service(action)
    }
    throw new PeerError(400, `no peer call ${req.method} ${op}`)
  }

  return {
    handles: (req) => req.url?.startsWith(PREFIX) === true,
    handle(req, res) {
      const path = (req.url ?? '').split('?')[0]!
      const op = path.slice(PREFIX.length)
      const refused = verifyInternalRequest(
        key,
        req.headers[INTERNAL_AUTH_HEADER],
        [req.method ?? '', path],
        Date.now(),
      )
      if (refused !== undefined) {
        sendJson(res, 403, { error: `peer call refused: ${refused}` })
        req.resume()
        return
      }
      if (op === 'listen' && req.method === 'GET') {
        if (services) servePeerListen(req, res, services.subscribe)
        else sendJson(res, 503, { error: 'this server is still starting' })
        return
      }
      readJson(req)
        .then((body) => answer(req, op, body))
        .then(
          (value) => sendJson(res, 200, value ?? {}),
          (error: unknown) =>
            sendJson(res, error instanceof PeerError ? error.status : 500, {
              error: (error as Error).message,
            }),
        )
    },
    serve(next) {
      services = next
    },
    others: () => topology.servers.filter((s) => s !== topology.self),
    info: (server) => callPeer(server, 'GET', 'info', key) as Promise<ServerInfo>,
    service: (server, action) => callPeer(server, 'POST', 'service', key, { action }),
  }
}

/** The lock calls to a slot's owner, over the peer API. */
export function createLockTransport(secretKey: string): LockTransport {
  const key = peerKeyOf(secretKey)
  return {
    call: (owner: string, lockRequest: LockRequest) =>
      callPeer(owner, 'POST', 'lock', key, lockRequest) as Promise<LockResponse>,
  }
}

class PeerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** One signed JSON call to a peer; rejects with an Error naming the peer when it fails. */
async function callPeer(
  server: string,
  method: string,
  op: string,
  key: Buffer,
  body?: unknown,
): Promise<unknown> {
  const url = new URL(`${PREFIX}${op}`, server)
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  const headers: Record<string, string> = {
    [INTERNAL_AUTH_HEADER]: signInternalRequest(key, [method, url.pathname], Date.now()),
  }
  if (payload) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(payload.length)
  }
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = requestFor(server)(url, {
      method,
      headers,
      agent: agentFor(server),
      timeout: PEER_TIMEOUT_MS,
    })
    req.once('response', resolve)
    req.on('timeout', () =>
      req.destroy(new Error(`${server}: no answer to ${op} within ${PEER_TIMEOUT_MS} ms`)),
    )
    req.on('error', (error) => reject(new Error(`${server} unreachable (${op}): ${error.message}`)))
    req.end(payload)
  })
  let parsed: unknown
  try {
    parsed = JSON.parse((await readBody(res, MAX_ANSWER)).toString('utf8'))
  } catch {
    throw new Error(`${server}: the peer's answer to ${op} is not JSON (status ${res.statusCode})`)
  }
  if (res.statusCode === 200) return parsed
  throw new Error(`${server}: ${op} failed: ${(parsed as { error?: string }).error ?? res.statusCode}`)
}

/** A peer request's JSON body (`{}` when empty); 400 when too large or not JSON. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  let text: string
  try {
    text = (await readBody(req, MAX_BODY)).toString('utf8')
  } catch (error) {
    if (isS3ServerError(error)) throw new PeerError(400, 'the peer request body is too large')
    throw error
  }
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new PeerError(400, 'the peer request body is not JSON')
  }
}
