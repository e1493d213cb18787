import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '../../logger.js'
import type { DriveLocation } from '../storage-drive.js'
import { deriveInternalKey, INTERNAL_AUTH_HEADER, verifyInternalRequest } from './internal-auth.js'
import { OpenedDrives } from './opened-drives.js'
import { serveStorageBatch } from './serve-storage-batch.js'
import { serveStorageCall } from './serve-storage-call.js'
import { badRequest, checkCallName, checkDrivePath, readEncodedHeader } from './storage-rpc-arguments.js'
import { encodeRpcError, StorageRpcRefusal } from './storage-rpc-errors.js'
import {
  BATCH_PATH,
  DRIVE_HEADER,
  RPC_STATUS,
  STORAGE_AUTH_PURPOSE,
  STORAGE_RPC_PREFIX,
  signedFieldsOf,
} from './storage-rpc-protocol.js'

export interface StorageRpcHandlerOptions {
  /** The drives this server serves, by their path as given on the command line. */
  drives: ReadonlyMap<string, DriveLocation>
  /** The root secret key, the same on every server of the deployment (signs internal requests). */
  secretKey: string
  /** Where drive failures are logged. */
  logger?: Logger
  /** The clock signatures are checked against (tests pin it). */
  now?: () => number
}

/** The server half of the internal storage API. */
export interface StorageRpcHandler {
  /** Whether the request is for the internal storage API (`/silo/storage/v1/...`). */
  handles(req: IncomingMessage): boolean
  /** Answers the request; never rejects. `expectsContinue`: the 100 is sent only when the body is read. */
  handle(req: IncomingMessage, res: ServerResponse, expectsContinue?: boolean): void
  /** Closes every drive a call opened. */
  close(): Promise<void>
}

/**
 * Serves this server's drives to the other servers of a distributed deployment: every
 * DriveLocation and StorageDrive call over `POST /silo/storage/v1/<method>`, or several JSON
 * calls in one `POST /silo/storage/v1/batch`, signed with a key
 * derived from the root secret key (internal-auth.ts). A drive opens on its first call and stays
 * open until a `close` call (the next call opens it again) or `close()` here.
 *
 * @example
 * const rpc = createStorageRpcHandler({ drives: new Map([[dir, localDriveLocation(dir)]]), secretKey })
 * http.createServer((req, res) => rpc.handle(req, res)).on('checkContinue', (req, res) => rpc.handle(req, res, true))
 */
export function createStorageRpcHandler(options: StorageRpcHandlerOptions): StorageRpcHandler {
  const key = deriveInternalKey(options.secretKey, STORAGE_AUTH_PURPOSE)
  const drives = new OpenedDrives(options.drives)
  const now = options.now ?? Date.now
  return {
    handles: (req) => req.url?.startsWith(STORAGE_RPC_PREFIX) === true,
    handle(req, res, expectsContinue = false) {
      const answer = async () => {
        checkRequest(req, key, now())
        if (req.url === BATCH_PATH) {
          await serveStorageBatch({ drives, req, res, expectsContinue, logger: options.logger })
          return
        }
        const name = checkCallName(req.url!.slice(STORAGE_RPC_PREFIX.length))
        const path = checkDrivePath(readEncodedHeader(req, DRIVE_HEADER), drives.locations)
        await serveStorageCall({ drives, path, name, req, res, expectsContinue })
      }
      answer().catch((error: unknown) => sendRpcError(req, res, error, options.logger))
    },
    close: () => drives.closeAll(),
  }
}

/** Refuses a request whose signature does not hold (403, nothing else looked at) or that is not a POST (400). */
function checkRequest(req: IncomingMessage, key: Buffer, now: number): void {
  const fields = signedFieldsOf(req.method ?? '', req.url!, (name) => String(req.headers[name] ?? ''))
  const refused = verifyInternalRequest(key, req.headers[INTERNAL_AUTH_HEADER], fields, now)
  if (refused) throw new StorageRpcRefusal(RPC_STATUS.refused, refused)
  if (req.method !== 'POST') throw badRequest(`storage calls are POSTs, not ${req.method}`)
}

/**
 * Answers an error as JSON (encodeRpcError), closing the connection when the body was not read
 * (a refused request is never read). A failure once the answer started cuts the stream.
 */
function sendRpcError(req: IncomingMessage, res: ServerResponse, error: unknown, logger?: Logger): void {
  const { status, body } = encodeRpcError(error)
  if (status === RPC_STATUS.driveFailure) logger?.error(`storage call ${req.url} failed`, error)
  if (res.headersSent) {
    res.destroy()
    return
  }
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(req.complete ? {} : { connection: 'close' }),
  })
  res.end(text)
}
