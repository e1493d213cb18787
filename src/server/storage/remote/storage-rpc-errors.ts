import { S3_ERRORS, type S3ErrorCode } from '../../../shared/errors/catalogue.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import { RPC_STATUS, type RpcErrorBody } from './storage-rpc-protocol.js'

/** A request the storage RPC does not take: not a call of the API (400) or not signed right (403). */
export class StorageRpcRefusal extends Error {
  override readonly name = 'StorageRpcRefusal'

  constructor(
    readonly status: typeof RPC_STATUS.badRequest | typeof RPC_STATUS.refused,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A request that failed on its way (the connection, an idle timeout, an answer broken off or not
 * JSON): a plain Error to the erasure set, naming the server and what the request carried.
 */
export class RpcRequestError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly unreachable: boolean,
    what: string,
    options?: ErrorOptions,
  ) {
    super(unreachable ? `${url} unreachable (${what}): ${reason}` : `${url} ${what}: ${reason}`, options)
  }

  /** The same failure naming `what` instead: each call of a batch fails with its own message. */
  naming(what: string): RpcRequestError {
    return new RpcRequestError(this.url, this.reason, this.unreachable, what, { cause: this.cause })
  }
}

/**
 * The answer for an error: a drive's S3ServerError with every field (422), a refusal with its
 * status, any other error as the drive failing (500, its message only).
 *
 * @example const { status, body } = encodeRpcError(new S3ServerError('NoSuchKey'))
 */
export function encodeRpcError(error: unknown): { status: number; body: RpcErrorBody } {
  if (isS3ServerError(error)) {
    const { code, message, status, details, headers } = error
    return { status: RPC_STATUS.driveAnswer, body: { error: { code, message, status, details, headers } } }
  }
  const message = error instanceof Error ? error.message : String(error)
  const status = error instanceof StorageRpcRefusal ? error.status : RPC_STATUS.driveFailure
  return { status, body: { error: { message } } }
}

/**
 * The error an answer stands for on the calling side: an equal S3ServerError for a drive's answer
 * (so the erasure set's logic on its code holds), else a plain Error whose message starts with
 * `where` (the server, the call and the drive).
 *
 * @example throw decodeRpcError(res.statusCode, JSON.parse(text), 'http://n2:9000 readObject on /d1')
 */
export function decodeRpcError(status: number, body: unknown, where: string): Error {
  const error = (body as Partial<RpcErrorBody> | null)?.error
  const message = typeof error?.message === 'string' ? error.message : `status ${status} without an error`
  if (status === RPC_STATUS.driveAnswer && isCatalogued(error?.code)) {
    const answer = new S3ServerError(error.code, message, error.details ?? {}, error.status)
    Object.assign(answer.headers, error.headers)
    return answer
  }
  const kind = status === RPC_STATUS.driveFailure ? 'the drive failed' : `answered ${status}`
  return new Error(`${where}: ${kind}: ${message}`)
}

function isCatalogued(code: unknown): code is S3ErrorCode {
  return typeof code === 'string' && Object.hasOwn(S3_ERRORS, code)
}
