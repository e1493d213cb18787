import type { IncomingMessage } from 'node:http'
import type { S3ErrorCode } from '../../shared/errors/catalogue.js'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'
import type { Authentication } from '../auth/auth-context.js'
import { S3ServerError } from '../errors.js'
import { decodeAwsChunked } from './aws-chunked.js'
import { watchBodyProgress } from './body-timeout.js'
import { verifyChecksum } from './checksum.js'
import { readChecksumRequest } from './read-checksum-request.js'
import { limitSize, verifySha256 } from './verify-sha256.js'

/** S3's largest single PUT: 5 GiB. */
export const MAX_SINGLE_PUT_SIZE = 5 * 1024 ** 3

/** A request body ready for storage: decoded, verified while it streams. */
export interface RequestBody {
  body: AsyncIterable<Uint8Array>
  /** Decoded length when declared; storage fails with IncompleteBody on any other length. */
  size: number | undefined
  /** The flexible checksum the request carried, once the body has ended verified. */
  checksum: VerifiedChecksum | undefined
}

/** A flexible checksum (`x-amz-checksum-*`) verified against the body. */
export interface VerifiedChecksum {
  /** Lower-case header name, e.g. `x-amz-checksum-crc32`. */
  header: string
  /** Base64 value; undefined until the body has been read to its end and matched. */
  value: string | undefined
}

/**
 * Wraps the request body in the decoders and verifiers its authentication asks for:
 * `aws-chunked` decoding (with the chunk signature chain when signed), the signed SHA-256,
 * an `x-amz-checksum-*` header or trailer (see readChecksumRequest; the verified value comes
 * back as `checksum`), and the size limit; a body that stops arriving fails with RequestTimeout
 * (see `watchBodyProgress`). Throws MissingContentLength, or `tooLarge` (EntityTooLarge for
 * objects; MaxMessageLengthExceeded for documents), or InvalidRequest for a checksum request
 * that cannot be verified, up front when the headers say so.
 *
 * @example const { body, size } = openRequestBody(req, auth, nodeCrypto)
 */
export function openRequestBody(
  req: IncomingMessage,
  auth: Authentication,
  crypto: SigV4Crypto,
  maxSize = MAX_SINGLE_PUT_SIZE,
  tooLarge: S3ErrorCode = 'EntityTooLarge',
  options: { checksumHeaders?: boolean } = {},
): RequestBody {
  // x-amz-content-sha256 (STREAMING-*) says whether the body is aws-chunked, as on S3; a plain
  // body sent with Content-Encoding: aws-chunked is still a plain body (issue 19).
  const chunked = auth.payload.kind === 'chunked'
  const size = declaredSize(req, chunked)
  if (size !== undefined && size > maxSize) {
    throw new S3ServerError(
      tooLarge,
      `Your proposed upload of ${size} bytes exceeds the maximum of ${maxSize}.`,
    )
  }
  let trailers: Map<string, string> | undefined
  // Refused (InvalidRequest) before a byte of the body is read.
  // `checksumHeaders: false`: the x-amz-checksum-<alg> headers are not this body's (a trailer is).
  const request = readChecksumRequest(req.headers, () => trailers, options.checksumHeaders !== false)
  let body: AsyncIterable<Uint8Array> = watchBodyProgress(req)
  if (chunked) {
    const signing = auth.chunkSigning ? { ...auth.chunkSigning, crypto } : undefined
    body = decodeAwsChunked(body, { ...(signing ? { signing } : {}), onTrailers: (t) => (trailers = t) })
  }
  if (auth.payload.kind === 'sha256') body = verifySha256(body, auth.payload.expected)
  let checksum: VerifiedChecksum | undefined
  if (request) {
    const verified: VerifiedChecksum = { header: request.header, value: undefined }
    body = verifyChecksum(body, request, (value) => (verified.value = value))
    checksum = verified
  }
  if (size === undefined) body = limitSize(body, maxSize, tooLarge)
  return { body, size, checksum }
}

function declaredSize(req: IncomingMessage, chunked: boolean): number | undefined {
  const header = chunked ? 'x-amz-decoded-content-length' : 'content-length'
  const value = req.headers[header]
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  if (value !== undefined) throw new S3ServerError('InvalidArgument', `${header} '${value}' is not a number.`)
  // A plain HTTP chunked body of unknown length is accepted up to the limit; anything else
  // (aws-chunked without a decoded length, or no length at all) is not.
  if (!chunked && req.headers['transfer-encoding'] !== undefined) return undefined
  throw new S3ServerError(
    'MissingContentLength',
    `You must provide the ${chunked ? 'x-amz-decoded-content-length' : 'Content-Length'} HTTP header.`,
  )
}
