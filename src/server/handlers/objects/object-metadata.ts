import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../../errors.js'
import { STORAGE_CLASS_HEADER, type StorageClass } from '../../storage/common/storage-class.js'
import { decodeMetadataValue } from './metadata-text.js'

/** Standard headers S3 stores with an object and returns on GET/HEAD. */
const STORED_HEADERS = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
])

/** S3's limit on user metadata (`x-amz-meta-*` names and values): 2 KiB. */
export const MAX_USER_METADATA_BYTES = 2048

/** What PutObject stores besides the bytes. */
export interface ObjectMetadata {
  contentType: string | undefined
  /** Lower-case names: `x-amz-meta-*` plus the standard stored headers. */
  headers: Record<string, string>
}

/**
 * Picks the metadata to store from PUT request headers. `aws-chunked` is a transfer detail and
 * is dropped from Content-Encoding, as S3 does.
 *
 * @example readObjectMetadata(req.headers) // { contentType: 'text/plain', headers: { 'x-amz-meta-a': '1' } }
 */
export function readObjectMetadata(headers: IncomingHttpHeaders): ObjectMetadata {
  const stored: Record<string, string> = {}
  let userBytes = 0
  for (const name in headers) {
    const value = headers[name]
    if (typeof value !== 'string') continue
    if (name.startsWith('x-amz-meta-')) {
      const text = decodeMetadataValue(value)
      userBytes += name.length - 'x-amz-meta-'.length + Buffer.byteLength(text)
      stored[name] = text
    } else if (name === STORAGE_CLASS_HEADER) {
      // STANDARD is the default and is not stored (nor echoed, as S3 and MinIO); the erasure
      // backend stores REDUCED_REDUNDANCY objects with less parity.
      if (readStorageClass(value) === 'REDUCED_REDUNDANCY') stored[name] = 'REDUCED_REDUNDANCY'
    } else if (STORED_HEADERS.has(name)) {
      const v = name === 'content-encoding' ? withoutAwsChunked(value) : value
      if (v !== '') stored[name] = v
    }
  }
  if (userBytes > MAX_USER_METADATA_BYTES) {
    throw new S3ServerError(
      'MetadataTooLarge',
      `Your metadata headers take ${userBytes} bytes; the limit is ${MAX_USER_METADATA_BYTES}.`,
    )
  }
  return { contentType: headers['content-type'], headers: stored }
}

/**
 * The class an `x-amz-storage-class` request header asks for (undefined when absent);
 * InvalidStorageClass for one Silo does not offer.
 *
 * @example readStorageClass('reduced_redundancy') // 'REDUCED_REDUNDANCY'
 */
export function readStorageClass(value: string | string[] | undefined): StorageClass | undefined {
  if (value === undefined) return undefined
  const storageClass = String(value).trim().toUpperCase()
  if (storageClass === 'STANDARD' || storageClass === 'REDUCED_REDUNDANCY') return storageClass
  throw new S3ServerError(
    'InvalidStorageClass',
    `x-amz-storage-class '${String(value)}' is not one Silo offers: use STANDARD or REDUCED_REDUNDANCY.`,
    { StorageClassRequested: String(value) },
  )
}

function withoutAwsChunked(encoding: string): string {
  if (!encoding.includes('aws-chunked')) return encoding
  return encoding
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '' && e !== 'aws-chunked')
    .join(',')
}

const BASE64_MD5 = /^[A-Za-z0-9+/]{22}==$/

/**
 * Validates a Content-MD5 header (base64 of 16 bytes); InvalidDigest otherwise.
 * @example readContentMd5('1B2M2Y8AsgTpgAmY7PhCfg==') // '1B2M2Y8AsgTpgAmY7PhCfg=='
 */
export function readContentMd5(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !BASE64_MD5.test(value)) {
    throw new S3ServerError(
      'InvalidDigest',
      `The Content-MD5 '${String(value).slice(0, 64)}' is not the base64 of 16 bytes.`,
    )
  }
  return value
}
