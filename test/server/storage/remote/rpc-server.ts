import { rm } from 'node:fs/promises'
import { type Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { localDriveLocation } from '../../../../src/server/storage/local-drive.js'
import {
  deriveInternalKey,
  INTERNAL_AUTH_HEADER,
  signInternalRequest,
} from '../../../../src/server/storage/remote/internal-auth.js'
import { remoteDriveLocation } from '../../../../src/server/storage/remote/remote-drive-location.js'
import {
  createStorageRpcHandler,
  type StorageRpcHandler,
  type StorageRpcHandlerOptions,
} from '../../../../src/server/storage/remote/storage-rpc-handler.js'
import {
  ARGS_HEADER,
  CALLS_HEADER,
  DRIVE_HEADER,
  STORAGE_AUTH_PURPOSE,
  STORAGE_RPC_PREFIX,
  signedFieldsOf,
} from '../../../../src/server/storage/remote/storage-rpc-protocol.js'
import type { DriveLocation, StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { createTempDriveFolders } from '../drive-contract/temp-drive.js'

/** The root secret key the test servers and clients share. */
export const TEST_SECRET = 'rpc-test-secret'

/** A storage RPC server on a free port of 127.0.0.1. */
export interface RpcServerUnderTest {
  url: string
  handler: StorageRpcHandler
  /** The path of every request received, in order (a batch is one). */
  requests: string[]
  /** The remote location of one of the served drives (or of any path), through this server. */
  connect(path: string, options?: { agent?: Agent; timeoutMs?: number }): DriveLocation
  /** Closes the served drives and the server, dropping its connections. */
  close(): Promise<void>
}

/**
 * Serves `drives` with createStorageRpcHandler, wired as the Silo server wires it (100-continue
 * included); over HTTPS with `tls`.
 * @example const server = await startStorageRpcServer(folders.locations)
 */
export async function startStorageRpcServer(
  drives: Map<string, DriveLocation>,
  { tls, ...options }: Partial<StorageRpcHandlerOptions> & { tls?: { cert: Buffer; key: Buffer } } = {},
): Promise<RpcServerUnderTest> {
  const handler = createStorageRpcHandler({ drives, secretKey: TEST_SECRET, ...options })
  const requests: string[] = []
  const listener = (req: IncomingMessage, res: ServerResponse, expectsContinue = false) => {
    requests.push(req.url!)
    handler.handle(req, res, expectsContinue)
  }
  const server = tls ? createHttpsServer(tls, listener) : createServer(listener)
  server.on('checkContinue', (req, res) => listener(req, res, true))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    handler,
    requests,
    connect: (path, more = {}) => remoteDriveLocation({ url, path, secretKey: TEST_SECRET, ...more }),
    async close() {
      await handler.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A server serving fresh local drives, and the drives opened through it. */
export interface ServedTempDrives {
  server: RpcServerUnderTest
  /** The drives' paths (`<temp>/d1`...). */
  paths: string[]
  /** Each drive, opened through the server. */
  drives: StorageDrive[]
  /** Stops the server and removes the drives' folders. */
  close(): Promise<void>
}

/**
 * Serves `count` fresh local drives (and `/failing`, whose drive is `failing`, when given), opens
 * each through the server and forgets those requests (`server.requests` starts empty).
 * @example const { server, drives, close } = await serveTempDrives(4)
 */
export async function serveTempDrives(
  count: number,
  { failing, ...options }: Partial<StorageRpcHandlerOptions> & { failing?: Partial<StorageDrive> } = {},
): Promise<ServedTempDrives> {
  const folders = await createTempDriveFolders('silo-rpc-drives-')
  const paths = Array.from({ length: count }, (_, i) => join(folders.root, `d${i + 1}`))
  const served = new Map<string, DriveLocation>(paths.map((p) => [p, localDriveLocation(p, folders.options)]))
  if (failing) served.set('/failing', { open: async () => failing } as unknown as DriveLocation)
  const server = await startStorageRpcServer(served, options)
  for (const path of paths) await server.connect(path).createFolder()
  const drives = await Promise.all(paths.map((path) => server.connect(path).open()))
  server.requests.length = 0
  return {
    server,
    paths,
    drives,
    async close() {
      await server.close()
      await rm(folders.root, { recursive: true, force: true })
    },
  }
}

/**
 * serveTempDrives for the tests of a file, each server closed after its test.
 * @example const serveDrives = useServedTempDrives(); const { drives } = await serveDrives(4)
 */
export function useServedTempDrives(): typeof serveTempDrives {
  const served: ServedTempDrives[] = []
  afterEach(async () => {
    for (const drives of served.splice(0)) await drives.close()
  })
  return async (...args) => {
    const drives = await serveTempDrives(...args)
    served.push(drives)
    return drives
  }
}

/** What the server answered to a raw request. */
export interface RawAnswer {
  status: number
  body: { result?: unknown; error?: { message: string; code?: string } }
}

/**
 * POSTs `/silo/storage/v1/<name>` as given: `headers` (see signedHeaders), and `body` (undefined:
 * none; 'held': a content-length of 1 MiB and no byte sent, so only a server that answers without
 * reading the body answers at all).
 * @example const { status } = await postRaw(server.url, 'probe', signedHeaders('probe', dir))
 */
export function postRaw(
  url: string,
  name: string,
  headers: Record<string, string>,
  body?: string | 'held',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const length = body === 'held' ? 1024 * 1024 : Buffer.byteLength(body ?? '')
    const req = request(`${url}${STORAGE_RPC_PREFIX}${name}`, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-length': length },
    })
    req.on('error', reject)
    req.on('response', async (res) => {
      const text = (await res.toArray()).join('')
      resolve({ status: res.statusCode!, body: JSON.parse(text) })
      req.destroy()
    })
    if (body === 'held') req.flushHeaders()
    else req.end(body)
  })
}

/**
 * The drive and signature headers of a call on `drive` (its path, unencoded), signed now with
 * TEST_SECRET (or `secret`, and at `at`); for the `batch` call, `calls` is its x-silo-calls.
 * @example await postRaw(url, 'readObject', signedHeaders('readObject', dir), '["b","k"]')
 */
export function signedHeaders(
  name: string,
  drive: string,
  options: { args?: string; calls?: string; secret?: string; at?: number } = {},
): Record<string, string> {
  const key = deriveInternalKey(options.secret ?? TEST_SECRET, STORAGE_AUTH_PURPOSE)
  const headers: Record<string, string> = { [DRIVE_HEADER]: encodeURIComponent(drive) }
  if (options.args !== undefined) headers[ARGS_HEADER] = encodeURIComponent(options.args)
  if (options.calls !== undefined) headers[CALLS_HEADER] = options.calls
  const fields = signedFieldsOf('POST', `${STORAGE_RPC_PREFIX}${name}`, (header) => headers[header] ?? '')
  headers[INTERNAL_AUTH_HEADER] = signInternalRequest(key, fields, options.at ?? Date.now())
  return headers
}
