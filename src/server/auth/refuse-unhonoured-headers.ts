import { S3ServerError } from '../errors.js'
import {
  BUCKET_KEY,
  COPY_SSE_C,
  type HeaderReader,
  KMS_ONLY,
  readSseRequest,
  SSE,
  SSE_C,
} from './sse-headers.js'

type Operations = ReadonlySet<string>

// Where S3 takes each encryption header family (its API reference, per operation). Sent to any
// other operation, it is refused (400 InvalidArgument, S3's answer on GetObject/UploadPart)
// rather than ignored: an SSE-C key on a DeleteObject would otherwise look honoured.
const SSE_WRITES: Operations = new Set(['PutObject', 'CopyObject', 'CreateMultipartUpload', 'PostObject'])
const SSE_C_OPERATIONS: Operations = new Set([
  ...SSE_WRITES,
  'GetObject',
  'HeadObject',
  'GetObjectAttributes',
  'UploadPart',
  'UploadPartCopy',
  'CompleteMultipartUpload',
  'ListParts',
  'SelectObjectContent',
])
const COPIES: Operations = new Set(['CopyObject', 'UploadPartCopy'])

/** Each encryption header, with the operations S3 takes it on. */
const ENCRYPTION_HEADERS: ReadonlyArray<readonly [string, Operations]> = [
  [SSE, SSE_WRITES],
  ...KMS_ONLY.map((name) => [name, SSE_WRITES] as const),
  [BUCKET_KEY, SSE_WRITES],
  ...Object.values(SSE_C).map((name) => [name, SSE_C_OPERATIONS] as const),
  ...Object.values(COPY_SSE_C).map((name) => [name, COPIES] as const),
]

/**
 * Headers of features Silo does not have, which S3 reads on the writes that create an object
 * (PutObject, CopyObject, CreateMultipartUpload, POST Object): accepted, they would leave an
 * object unredirected while the caller believes otherwise. (`x-amz-tagging` is honoured:
 * src/server/tagging; the `x-amz-object-lock-*` headers too: src/server/object-lock, where a
 * bucket without object lock answers them 400 InvalidRequest.)
 */
export const UNHONOURED_WRITE_HEADERS: readonly string[] = ['x-amz-website-redirect-location']

const OBJECT_WRITES: ReadonlySet<string> = new Set([
  'PutObject',
  'CopyObject',
  'CreateMultipartUpload',
  'PostObject',
])

/**
 * The request-header policy, run on every routed S3 request once it is authorized and before
 * its handler, and by POST Object on its form fields (which S3 reads as these headers).
 * Encryption headers: one sent to an operation S3 does not take it on is 400 InvalidArgument;
 * a customer key (SSE-C, or a copy source's) on a connection that is not TLS is 400
 * InvalidRequest, as S3 requires; then the headers are checked ({@link readSseRequest}: malformed
 * → 400, SSE-KMS → 501). On the object writes, {@link UNHONOURED_WRITE_HEADERS} are 501.
 *
 * @example checkRequestHeaders((name) => ({ 'x-amz-server-side-encryption': 'aws:kms' })[name], 'PutObject', true)
 * // throws NotImplemented: Silo does not implement SSE-KMS ...
 */
export function checkRequestHeaders(read: HeaderReader, operation: string, secure: boolean): void {
  const present = ENCRYPTION_HEADERS.filter(([name]) => read(name) !== undefined)
  if (present.length > 0) checkEncryptionHeaders(read, operation, secure, present)
  if (!OBJECT_WRITES.has(operation)) return
  const writes = UNHONOURED_WRITE_HEADERS.filter((name) => read(name) !== undefined)
  if (writes.length > 0) {
    throw new S3ServerError(
      'NotImplemented',
      `Silo does not implement website redirects; refused header(s): ${writes.join(', ')}.`,
      { Header: writes[0] as string },
    )
  }
}

function checkEncryptionHeaders(
  read: HeaderReader,
  operation: string,
  secure: boolean,
  present: ReadonlyArray<readonly [string, Operations]>,
): void {
  const misplaced = present.find(([, operations]) => !operations.has(operation))
  if (misplaced) {
    const name = misplaced[0]
    throw new S3ServerError('InvalidArgument', `${name} header is not supported for this operation.`, {
      ArgumentName: name,
      ArgumentValue: name.endsWith('-key') ? '' : (read(name) ?? ''),
    })
  }
  const customerKey = [...Object.values(SSE_C), ...Object.values(COPY_SSE_C)].some(
    (name) => read(name) !== undefined,
  )
  if (customerKey && !secure) {
    throw new S3ServerError(
      'InvalidRequest',
      'Requests specifying Server Side Encryption with Customer provided keys must be made over a secure connection.',
    )
  }
  readSseRequest(read)
}

/**
 * The header reader of a Node request's headers (lower-case names; a repeated header's values
 * joined, so presence is what counts).
 *
 * @example checkRequestHeaders(readNodeHeaders(req.headers), 'GetObject', false)
 */
export function readNodeHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): HeaderReader {
  return (name) => {
    const value = headers[name]
    return Array.isArray(value) ? value.join(',') : value
  }
}
