import { createHash } from 'node:crypto'
import { S3ServerError } from '../errors.js'
import type { CustomerKey, EncryptionRequest } from '../storage/object-layer.js'

/** Reads one request header (or POST form field) by its lower-case name. */
export type HeaderReader = (name: string) => string | undefined

/** The SSE-S3 / SSE-KMS method header. */
export const SSE = 'x-amz-server-side-encryption'
/** Only meaningful with `x-amz-server-side-encryption: aws:kms` (or `aws:kms:dsse`). */
export const KMS_ONLY = [
  'x-amz-server-side-encryption-aws-kms-key-id',
  'x-amz-server-side-encryption-context',
]
/**
 * S3 Bucket Keys: fewer calls to KMS for SSE-KMS. With SSE-S3 they change nothing, on S3 as here,
 * so the header is accepted (true or false) and has no effect; SSE-KMS itself is refused.
 */
export const BUCKET_KEY = 'x-amz-server-side-encryption-bucket-key-enabled'

/** The names of one SSE-C header triple. */
export interface CustomerKeyHeaders {
  algorithm: string
  key: string
  keyMd5: string
}

/** SSE-C of the object a request reads or writes. */
export const SSE_C: CustomerKeyHeaders = {
  algorithm: 'x-amz-server-side-encryption-customer-algorithm',
  key: 'x-amz-server-side-encryption-customer-key',
  keyMd5: 'x-amz-server-side-encryption-customer-key-md5',
}

/** SSE-C of a copy's source (CopyObject, UploadPartCopy). */
export const COPY_SSE_C: CustomerKeyHeaders = {
  algorithm: 'x-amz-copy-source-server-side-encryption-customer-algorithm',
  key: 'x-amz-copy-source-server-side-encryption-customer-key',
  keyMd5: 'x-amz-copy-source-server-side-encryption-customer-key-md5',
}

/** The encryption headers of one request, checked. */
export interface SseRequest {
  /** `x-amz-server-side-encryption: AES256` (SSE-S3) or the SSE-C triple; absent: neither sent. */
  encryption?: EncryptionRequest
  /** The copy source's SSE-C key (`x-amz-copy-source-server-side-encryption-customer-*`). */
  sourceKey?: CustomerKey
}

const SSE_METHODS = new Set(['AES256', 'aws:kms', 'aws:kms:dsse'])
const KMS_METHODS = new Set(['aws:kms', 'aws:kms:dsse'])
const KEY_BYTES = 32
const PROVIDE = 'Requests specifying Server Side Encryption with Customer provided keys must provide'

/**
 * Reads and checks a request's encryption headers as S3 does, in its order: an unknown method,
 * SSE-S3/KMS together with SSE-C, a KMS key or context without `aws:kms`, or a malformed SSE-C
 * triple (algorithm missing or not AES256, key missing or not 32 base64 bytes, MD5 missing or not
 * the key's), a bucket-key flag other than true/false, are 400 InvalidArgument
 * (InvalidEncryptionAlgorithmError for the algorithm); then SSE-KMS, which Silo does not have, is
 * 501 NotImplemented. Messages never echo a key.
 *
 * @example readSseRequest((name) => headers[name]).encryption // { kind: 'SSE-S3' }
 */
export function readSseRequest(read: HeaderReader): SseRequest {
  const method = read(SSE)
  if (method !== undefined && !SSE_METHODS.has(method)) {
    throw invalid(SSE, method, 'The encryption method specified is not supported')
  }
  if (method !== undefined && hasAny(read, SSE_C)) {
    throw invalid(
      SSE,
      method,
      'Server Side Encryption with Customer provided key is incompatible with the encryption method specified',
    )
  }
  for (const name of KMS_ONLY) {
    const value = read(name)
    if (value !== undefined && (method === undefined || !KMS_METHODS.has(method))) {
      throw invalid(name, value, `${name} is only valid with x-amz-server-side-encryption: aws:kms.`)
    }
  }
  const bucketKey = read(BUCKET_KEY)
  if (bucketKey !== undefined && !/^(true|false)$/i.test(bucketKey)) {
    throw invalid(BUCKET_KEY, bucketKey, `${BUCKET_KEY} must be true or false.`)
  }
  const customer = readCustomerKey(read, SSE_C)
  const sourceKey = readCustomerKey(read, COPY_SSE_C)
  if (method !== undefined && KMS_METHODS.has(method)) {
    throw new S3ServerError(
      'NotImplemented',
      `Silo does not implement SSE-KMS (x-amz-server-side-encryption: ${method}); use AES256 (SSE-S3) or SSE-C.`,
      { Header: SSE },
    )
  }
  const encryption: EncryptionRequest | undefined = customer
    ? { kind: 'SSE-C', ...customer }
    : method === 'AES256'
      ? { kind: 'SSE-S3' }
      : undefined
  return { ...(encryption ? { encryption } : {}), ...(sourceKey ? { sourceKey } : {}) }
}

/**
 * The customer key of an SSE-C request, if any (the request's headers are checked first by the
 * pipeline; this reads them again for a handler).
 *
 * @example const key = customerKeyOf(readSseRequest(read).encryption)
 */
export function customerKeyOf(encryption: EncryptionRequest | undefined): CustomerKey | undefined {
  return encryption?.kind === 'SSE-C' ? { key: encryption.key, keyMd5: encryption.keyMd5 } : undefined
}

function hasAny(read: HeaderReader, names: CustomerKeyHeaders): boolean {
  return (
    read(names.algorithm) !== undefined || read(names.key) !== undefined || read(names.keyMd5) !== undefined
  )
}

function readCustomerKey(read: HeaderReader, names: CustomerKeyHeaders): CustomerKey | undefined {
  if (!hasAny(read, names)) return undefined
  const algorithm = read(names.algorithm)
  if (algorithm === undefined) {
    throw invalid(names.algorithm, 'null', `${PROVIDE} a valid encryption algorithm.`)
  }
  if (algorithm !== 'AES256') {
    throw new S3ServerError('InvalidEncryptionAlgorithmError', undefined, {
      ArgumentName: names.algorithm,
      ArgumentValue: algorithm,
    })
  }
  const encoded = read(names.key)
  if (encoded === undefined) throw invalid(names.key, 'null', `${PROVIDE} an appropriate secret key.`)
  const givenMd5 = read(names.keyMd5)
  if (givenMd5 === undefined) {
    throw invalid(names.keyMd5, 'null', `${PROVIDE} the client calculated MD5 of the secret key.`)
  }
  const key = decodeKey(encoded)
  if (!key) throw invalid(names.key, '', 'The secret key was invalid for the specified algorithm.')
  const keyMd5 = createHash('md5').update(key).digest('base64')
  if (givenMd5 !== keyMd5) {
    throw invalid(
      names.keyMd5,
      givenMd5,
      'The calculated MD5 hash of the key did not match the hash that was provided.',
    )
  }
  return { key, keyMd5 }
}

// Strict base64 of exactly 32 bytes: Buffer.from would skip stray characters and accept a key
// that is not what the caller meant.
function decodeKey(encoded: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) return undefined
  const key = Buffer.from(encoded, 'base64')
  return key.byteLength === KEY_BYTES ? new Uint8Array(key) : undefined
}

function invalid(name: string, value: string, message: string): S3ServerError {
  return new S3ServerError('InvalidArgument', message, { ArgumentName: name, ArgumentValue: value })
}
