import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { remoteDriveLocation } from '../../../../src/server/storage/remote/remote-drive-location.js'
import {
  createStorageRpcHandler,
  type StorageRpcHandler,
  type StorageRpcHandlerOptions,
} from '../../../../src/server/storage/remote/storage-rpc-handler.js'
import type { DriveLocation } from '../../../../src/server/storage/storage-drive.js'

/** The root secret key the test servers and clients share. */
export const TEST_SECRET = 'rpc-test-secret'

/** A storage RPC server on a free port of 127.0.0.1. */
export interface RpcServerUnderTest {
  url: string
  handler: StorageRpcHandler
  /** The remote location of one of the served drives (or of any path), through this server. */
  connect(path: string, options?: { agent?: import('node:http').Agent; timeoutMs?: number }): DriveLocation
  /** Closes the served drives and the server, dropping its connections. */
  close(): Promise<void>
}

/**
 * Serves `drives` with createStorageRpcHandler, wired as the Silo server wires it (100-continue
 * included).
 * @example const server = await startStorageRpcServer(folders.locations)
 */
export async function startStorageRpcServer(
  drives: Map<string, DriveLocation>,
  options: Partial<StorageRpcHandlerOptions> = {},
): Promise<RpcServerUnderTest> {
  const handler = createStorageRpcHandler({ drives, secretKey: TEST_SECRET, ...options })
  const server = createServer((req, res) => handler.handle(req, res))
  server.on('checkContinue', (req, res) => handler.handle(req, res, true))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    handler,
    connect: (path, more = {}) => remoteDriveLocation({ url, path, secretKey: TEST_SECRET, ...more }),
    async close() {
      await handler.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
