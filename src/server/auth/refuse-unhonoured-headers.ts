import { S3ServerError } from '../errors.js'

/** Reads one request header (or POST form field) by its lower-case name. */
export type HeaderReader = (name: string) => string | undefined

const SSE = 'x-amz-server-side-encryption'
const SSE_C = {
  algorithm: 'x-amz-server-side-encryption-customer-algorithm',
  key: 'x-amz-server-side-encryption-customer-key',
  keyMd5: 'x-amz-server-side-encryption-customer-key-md5',
}
const COPY_SSE_C = {
  algorithm: 'x-amz-copy-source-server-side-encryption-customer-algorithm',
  key: 'x-amz-copy-source-server-side-encryption-customer-key',
  keyMd5: 'x-amz-copy-source-server-side-encryption-customer-key-md5',
}
// Only meaningful with x-amz-server-side-encryption: aws:kms (or aws:kms:dsse).
const KMS_ONLY = ['x-amz-server-side-encryption-aws-kms-key-id', 'x-amz-server-side-encryption-context']
const SSE_METHODS = new Set(['AES256', 'aws:kms', 'aws:kms:dsse'])
const KMS_METHODS = new Set(['aws:kms', 'aws:kms:dsse'])

/**
 * The request headers Silo refuses rather than ignore, in the order checked: every header of
 * server-side encryption (SSE-S3, SSE-KMS, SSE-C, and the copy source's SSE-C). Silo stores
 * bytes unencrypted, so accepting them would store in plaintext an object the caller believes
 * encrypted (and, with SSE-C, readable without the caller's key).
 */
export const UNHONOURED_HEADERS: readonly string[] = [
  SSE,
  ...KMS_ONLY,
  'x-amz-server-side-encryption-bucket-key-enabled',
  ...Object.values(SSE_C),
  ...Object.values(COPY_SSE_C),
]

/**
 * Headers of features Silo does not have, which S3 reads on the writes that create an object
 * (PutObject, CopyObject, CreateMultipartUpload, POST Object): accepted, they would leave an
 * object unlocked, untagged or unredirected while the caller believes otherwise.
 */
export const UNHONOURED_WRITE_HEADERS: readonly string[] = [
  'x-amz-object-lock-mode',
  'x-amz-object-lock-retain-until-date',
  'x-amz-object-lock-legal-hold',
  'x-amz-tagging',
  'x-amz-website-redirect-location',
]

const OBJECT_WRITES: ReadonlySet<string> = new Set([
  'PutObject',
  'CopyObject',
  'CreateMultipartUpload',
  'PostObject',
])

/**
 * The request-header policy, run on every routed S3 request once it is authorized and before
 * its handler, and by POST Object on its form fields (which S3 reads as these headers).
 * Conflicting or incomplete encryption headers are 400 InvalidArgument (checked first, as S3
 * does: a request it would refuse as malformed is refused as malformed); any encryption header
 * left after that is 501 NotImplemented naming the headers, until Silo encrypts objects, on
 * every operation. On the object writes, {@link UNHONOURED_WRITE_HEADERS} are 501 too.
 *
 * @example checkRequestHeaders((name) => ({ 'x-amz-server-side-encryption': 'AES256' })[name], 'PutObject')
 * // throws NotImplemented: Silo does not implement server-side encryption: x-amz-server-side-encryption
 */
export function checkRequestHeaders(read: HeaderReader, operation: string): void {
  const present = UNHONOURED_HEADERS.filter((name) => read(name) !== undefined)
  if (present.length > 0) {
    checkConflicts(read)
    throw refuse('server-side encryption', present)
  }
  if (!OBJECT_WRITES.has(operation)) return
  const writes = UNHONOURED_WRITE_HEADERS.filter((name) => read(name) !== undefined)
  if (writes.length > 0) throw refuse('object lock, object tagging or website redirects', writes)
}

function refuse(what: string, names: readonly string[]): S3ServerError {
  return new S3ServerError(
    'NotImplemented',
    `Silo does not implement ${what}; refused header(s): ${names.join(', ')}.`,
    {
      Header: names[0] as string,
    },
  )
}

/**
 * The header reader of a Node request's headers (lower-case names; a repeated header's values
 * joined, so presence is what counts).
 *
 * @example checkRequestHeaders(readNodeHeaders(req.headers))
 */
export function readNodeHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): HeaderReader {
  return (name) => {
    const value = headers[name]
    return Array.isArray(value) ? value.join(',') : value
  }
}

function checkConflicts(read: HeaderReader): void {
  const method = read(SSE)
  if (method !== undefined && !SSE_METHODS.has(method)) {
    throw invalid(SSE, method, 'The encryption method specified is not supported.')
  }
  if (method !== undefined && Object.values(SSE_C).some((name) => read(name) !== undefined)) {
    throw invalid(
      SSE,
      method,
      'Server Side Encryption with Customer provided key is incompatible with the encryption method specified.',
    )
  }
  for (const name of KMS_ONLY) {
    const value = read(name)
    if (value !== undefined && (method === undefined || !KMS_METHODS.has(method))) {
      throw invalid(name, value, `${name} is only valid with x-amz-server-side-encryption: aws:kms.`)
    }
  }
  checkCustomerKey(read, SSE_C)
  checkCustomerKey(read, COPY_SSE_C)
}

function checkCustomerKey(read: HeaderReader, names: typeof SSE_C): void {
  const algorithm = read(names.algorithm)
  const key = read(names.key)
  const keyMd5 = read(names.keyMd5)
  if (algorithm === undefined && key === undefined && keyMd5 === undefined) return
  if (algorithm === undefined) {
    throw invalid(
      names.algorithm,
      '',
      'Requests specifying Server Side Encryption with Customer provided keys must provide a valid encryption algorithm.',
    )
  }
  if (algorithm !== 'AES256')
    throw invalid(names.algorithm, algorithm, 'The encryption algorithm specified is not valid.')
  if (key === undefined) {
    throw invalid(
      names.key,
      '',
      'Requests specifying Server Side Encryption with Customer provided keys must provide an appropriate secret key.',
    )
  }
}

function invalid(name: string, value: string, message: string): S3ServerError {
  return new S3ServerError('InvalidArgument', message, { ArgumentName: name, ArgumentValue: value })
}
