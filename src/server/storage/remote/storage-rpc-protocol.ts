import type { DriveLocation, StorageDrive } from '../storage-drive.js'

/**
 * The internal storage API's wire (docs/distributed.md, Internal storage API): one
 * `POST /silo/storage/v1/<method>` per drive call, the drive in `x-silo-drive`, arguments as a
 * JSON array (the body, or the `x-silo-args` header when the body is a shard's bytes), answers as
 * JSON `{ result }` or `{ error }`; or `POST /silo/storage/v1/batch` for several JSON calls on the
 * drives of one server, named in `x-silo-calls`, answered as one JSON array.
 */

/** The path prefix of the internal storage API. */
export const STORAGE_RPC_PREFIX = '/silo/storage/v1/'

/** Names the drive: its path on the serving server, URI-encoded. */
export const DRIVE_HEADER = 'x-silo-drive'
/** writeShard's arguments (its body is the shard): URI-encoded JSON array. */
export const ARGS_HEADER = 'x-silo-args'
/** A batch's calls in order, `<call>=<URI-encoded drive>` comma-separated (the body holds their arguments). */
export const CALLS_HEADER = 'x-silo-calls'
/** readShard's answer: the length of the DriveObject JSON that starts the body, before the bytes. */
export const OBJECT_LENGTH_HEADER = 'x-silo-object-length'

/** The path of a batch of calls. */
export const BATCH_PATH = `${STORAGE_RPC_PREFIX}batch`

/**
 * The most bytes of a shard that travel inline in a batch (base64): the local drive's inline
 * limit, so a shard file the drive keeps in its metadata (and reads as `data`) travels inline.
 * A 1 KiB PUT on 16 drives makes shard files of ~120 bytes.
 */
export const INLINE_SHARD_BYTES = 128 * 1024

/** What the storage RPC signs with (internal-auth.ts). */
export const STORAGE_AUTH_PURPOSE = 'silo internal storage v1'

/** The statuses of the answers; an error's body tells the rest. */
export const RPC_STATUS = {
  ok: 200,
  /** Not a call of this API: unknown method or drive, malformed arguments. */
  badRequest: 400,
  /** Missing, bad or stale signature (internal-auth.ts). */
  refused: 403,
  /** The drive answered with an S3ServerError: the client throws it again. */
  driveAnswer: 422,
  /** The drive failed (any other error): the client throws a plain Error. */
  driveFailure: 500,
} as const

/** How a call travels: JSON both ways, the shard's bytes in or out, or the drive's close. */
export type RpcShape = 'json' | 'writeShard' | 'readShard' | 'close'

/** Every drive call and how it travels; `satisfies` keeps it in step with StorageDrive. */
export const DRIVE_CALLS = {
  listBuckets: 'json',
  getBucket: 'json',
  createBucket: 'json',
  deleteBucket: 'json',
  readObject: 'json',
  readShard: 'readShard',
  deleteObject: 'json',
  putDeleteMarker: 'json',
  updateObjectMeta: 'json',
  listObjectVersions: 'json',
  listObjects: 'json',
  reserveSpace: 'json',
  releaseSpace: 'json',
  writeShard: 'writeShard',
  commitShard: 'json',
  discardShard: 'json',
  linkShard: 'json',
  createUpload: 'json',
  abortUpload: 'json',
  listParts: 'json',
  listUploads: 'json',
  completeUpload: 'json',
  getBucketDocument: 'json',
  putBucketDocument: 'json',
  listBucketDocuments: 'json',
  getSystemDocument: 'json',
  putSystemDocument: 'json',
  listSystemDocuments: 'json',
  usedBytes: 'json',
  close: 'close',
} as const satisfies Record<keyof StorageDrive, RpcShape>

/** The location calls, all JSON (`open` opens the drive on the serving server); kept in step with DriveLocation. */
export const LOCATION_CALLS = {
  probe: true,
  formatStamp: true,
  readFormat: true,
  writeFormat: true,
  createFolder: true,
  open: true,
} as const satisfies Record<Exclude<keyof DriveLocation, 'endpoint'>, true>

export type DriveCall = keyof typeof DRIVE_CALLS
export type LocationCall = keyof typeof LOCATION_CALLS

/** Whether `name` is a drive call of this API. */
export function isDriveCall(name: string): name is DriveCall {
  return Object.hasOwn(DRIVE_CALLS, name)
}

/** Whether `name` is a location call of this API. */
export function isLocationCall(name: string): name is LocationCall {
  return Object.hasOwn(LOCATION_CALLS, name)
}

/**
 * Whether `name` moves a shard's bytes: in a request of its own (streamed), or inline in a batch
 * (base64) when they are at most INLINE_SHARD_BYTES.
 */
export function isShardCall(name: string): boolean {
  return isDriveCall(name) && (DRIVE_CALLS[name] === 'readShard' || DRIVE_CALLS[name] === 'writeShard')
}

/**
 * What a request's signature covers (internal-auth.ts): its method, its path and the headers that
 * address it, `x-silo-drive` and `x-silo-args`, plus `x-silo-calls` for a batch (each empty when
 * absent). The body is not covered.
 *
 * @example signInternalRequest(key, signedFieldsOf('POST', path, (name) => headers[name] ?? ''), Date.now())
 */
export function signedFieldsOf(method: string, path: string, header: (name: string) => string): string[] {
  const fields = [method, path, header(DRIVE_HEADER), header(ARGS_HEADER)]
  return path === BATCH_PATH ? [...fields, header(CALLS_HEADER)] : fields
}

/** The JSON error body: an S3ServerError's fields, or just a message. */
export interface RpcErrorBody {
  error: {
    message: string
    code?: string
    status?: number
    details?: Record<string, string>
    headers?: Record<string, string>
  }
}

/**
 * What one call of a batch answered: as its answer alone would have been, `{ result }` (`{}` for
 * nothing), or the error body with the status it would have had (422, 500, 400).
 */
export type BatchOutcome = { result?: unknown } | (RpcErrorBody & { status: number })
