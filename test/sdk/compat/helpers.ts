/**
 * Shared harness of the minio-js compatibility tests: one real Silo server per test file, a Silo
 * client and a `minio` (npm) client on it with the same credentials, a fresh bucket per test, and
 * helpers that run the same call through both clients and compare what they observed.
 *
 * @example
 * const env = useCompatServer()
 * it('copies', async () => {
 *   const bucket = await env.bucket()
 *   const { silo, minio } = await both(env, (c) => c.putObject(bucket, 'a', 'hi'))
 *   expect(normalise(silo)).toEqual(normalise(minio))
 * })
 */
import { Agent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import * as Minio from 'minio'
import { afterAll, beforeAll } from 'vitest'
import { Client } from '../../../src/index.js'
import {
  ROOT,
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../server/helpers/test-server.js'

/** What a compat test file works with; fields are set once `beforeAll` has run. */
export interface CompatEnv {
  /** The running server (url, port, dir). */
  readonly server: TestServer
  /** The Silo SDK client on the server. */
  readonly silo: Client
  /** The minio-js client on the same server, same credentials, region us-east-1. */
  readonly minio: Minio.Client
  /**
   * The Silo client typed as minio-js's Client: code written for minio-js must compile and run
   * unchanged against it.
   */
  readonly siloAsMinio: Minio.Client
  /** Creates a bucket with a unique name and returns the name. */
  bucket(prefix?: string): Promise<string>
}

let bucketCounter = 0

/**
 * Starts one Silo server for the calling test file (beforeAll / afterAll) and returns the env
 * whose fields are valid inside tests. `options` go to startTestServer (`drives: 4` for erasure;
 * `tls: { cert, key }` for HTTPS, which SSE-C needs; both clients then use it).
 */
export function useCompatServer(options: TestServerOptions = {}): CompatEnv {
  let server: TestServer | undefined
  let silo: Client | undefined
  let minio: Minio.Client | undefined
  // With `tls` (a test certificate) both clients speak HTTPS and accept the self-signed certificate.
  const useSSL = options.tls !== undefined
  const agent = useSSL
    ? new HttpsAgent({ keepAlive: true, rejectUnauthorized: false })
    : new Agent({ keepAlive: true })

  beforeAll(async () => {
    server = await startTestServer(options)
    const config = {
      endPoint: '127.0.0.1',
      port: server.port,
      useSSL,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
      region: 'us-east-1',
    }
    silo = new Client(config)
    if (useSSL) silo.setRequestOptions({ rejectUnauthorized: false })
    minio = new Minio.Client({ ...config, transportAgent: agent })
  })

  afterAll(async () => {
    agent.destroy()
    await server?.stop()
  })

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`compat env: ${what} used before beforeAll ran`)
    return value
  }

  return {
    get server() {
      return need(server, 'server')
    },
    get silo() {
      return need(silo, 'silo')
    },
    get minio() {
      return need(minio, 'minio')
    },
    get siloAsMinio() {
      return need(silo, 'silo') as unknown as Minio.Client
    },
    async bucket(prefix = 'compat') {
      bucketCounter += 1
      const name = `${prefix}-${process.pid}-${bucketCounter}-${Math.random().toString(36).slice(2, 8)}`
      await need(silo, 'silo').makeBucket(name)
      return name
    },
  }
}

/** What one call observed: its value, or the error's class name and S3 code. */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; name: string; code: string | undefined; message: string }

/**
 * Runs `call` and captures its outcome (a synchronous throw counts as a failure too).
 * @example
 * const o = await outcome(() => client.statObject('b', 'missing')) // { ok: false, name: 'S3Error', code: 'NotFound' }
 */
export async function outcome<T>(call: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() }
  } catch (error) {
    const e = error as { name?: string; code?: unknown; message?: string }
    return {
      ok: false,
      name: String(e?.name ?? typeof error),
      code: typeof e?.code === 'string' ? e.code : undefined,
      message: String(e?.message ?? error),
    }
  }
}

/**
 * Runs the same call through the Silo client (typed as minio-js's) and the minio-js client,
 * Silo first, and returns both outcomes. Calls that create objects should use distinct keys per
 * client (the `which` argument says which client runs).
 * @example
 * const r = await both(env, (c, which) => c.copyObject(bucket, `copy-${which}`, `/${bucket}/src`))
 */
export async function both<T>(
  env: CompatEnv,
  call: (client: Minio.Client, which: 'silo' | 'minio') => Promise<T> | T,
): Promise<{ silo: Outcome<T>; minio: Outcome<T> }> {
  const silo = await outcome(() => call(env.siloAsMinio, 'silo'))
  const minio = await outcome(() => call(env.minio, 'minio'))
  return { silo, minio }
}

/**
 * Runs a callback-style call and resolves with what the callback got and what the call returned.
 * @example
 * const r = await viaCallback((cb) => client.statObject('b', 'k', cb)) // { err, result, returned }
 */
export function viaCallback<T = unknown>(
  start: (cb: (err: Error | null, result?: T) => void) => unknown,
): Promise<{ err: Error | null; result: T | undefined; returned: unknown }> {
  return new Promise((resolve) => {
    let returned: unknown
    let settled: { err: Error | null; result: T | undefined } | undefined
    let started = false
    const finish = () => {
      if (started && settled) resolve({ ...settled, returned })
    }
    try {
      returned = start((err, result) => {
        settled = { err, result }
        finish()
      })
    } catch (error) {
      settled = { err: error as Error, result: undefined }
    }
    started = true
    finish()
  })
}

const VOLATILE_KEYS = new Set([
  'requestId',
  'hostId',
  'amzRequestid',
  'amzId2',
  'amzBucketRegion',
  'x-amz-request-id',
  'x-amz-id-2',
  'date',
])

/**
 * A deep copy with what legitimately differs between two runs replaced: Dates become
 * `'<Date>'` (or `'<Invalid Date>'`), request and host IDs and `date` headers are dropped, and
 * `message` of failure outcomes is dropped (compare names and codes, not wording).
 * @example
 * expect(normalise(r.silo)).toEqual(normalise(r.minio))
 */
export function normalise(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '<Invalid Date>' : '<Date>'
  if (Buffer.isBuffer(value)) return value.toString('base64')
  if (Array.isArray(value)) return value.map(normalise)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    const isFailure = (value as { ok?: unknown }).ok === false
    for (const [k, v] of Object.entries(value)) {
      if (VOLATILE_KEYS.has(k)) continue
      if (isFailure && k === 'message') continue
      out[k] = normalise(v)
    }
    return out
  }
  return value
}

/**
 * Reads a stream (Node Readable or web ReadableStream-like async iterable) into a Buffer.
 * @example
 * const body = await readAll(await client.getObject('b', 'k'))
 */
export async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
