/**
 * Server-side encryption settings of copy and compose destinations and sources (minio-js 8's
 * `Encryption`, extended with the SSE-C key so an SSE-C object can actually be copied).
 */
import { InvalidArgumentError } from '../../errors.js'
import { md5Base64 } from '../../upload/digest.js'

/**
 * Kinds of server-side encryption (minio-js `ENCRYPTION_TYPES`).
 * @example
 * new CopyDestinationOptions({ Bucket: 'b', Object: 'k', Encryption: { type: ENCRYPTION_TYPES.KMS, SSEAlgorithm: 'AES256' } })
 */
export const ENCRYPTION_TYPES = {
  /** SSE-C: the caller supplies the key with every request. */
  SSEC: 'SSE-C',
  /** SSE-S3 (`SSEAlgorithm: 'AES256'`) or SSE-KMS (`'aws:kms'` + `KMSMasterKeyID`). */
  KMS: 'KMS',
} as const

/** One of {@link ENCRYPTION_TYPES}. */
export type ENCRYPTION_TYPES = (typeof ENCRYPTION_TYPES)[keyof typeof ENCRYPTION_TYPES]

/**
 * Encryption of a copy destination or source. minio-js 8 knows `{type: 'SSE-C'}` without a key
 * (it then sends only `x-amz-server-side-encryption: AES256`); here SSE-C may also carry the
 * customer key (base64 of 32 bytes), sent as the `-customer-` headers S3 requires.
 * @example
 * const sse: Encryption = { type: 'SSE-C', SSECustomerKey: key.toString('base64') }
 * const kms: Encryption = { type: 'KMS', SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'my-key' }
 */
export type Encryption =
  | {
      type: typeof ENCRYPTION_TYPES.SSEC
      /** Base64 of the 256-bit key; when given, sent as SSE-C key headers. */
      SSECustomerKey?: string
      /** Base64 MD5 of the key; computed from the key when left out. */
      SSECustomerKeyMD5?: string
      /** Always `AES256` in S3; the default. */
      SSECustomerAlgorithm?: string
    }
  | {
      type: typeof ENCRYPTION_TYPES.KMS
      /** `AES256` (SSE-S3) or `aws:kms`. */
      SSEAlgorithm?: string
      /** KMS key ID for `aws:kms`. */
      KMSMasterKeyID?: string
    }

/**
 * Request headers for writing with `encryption`. `prefix` is `x-amz-` for the object written and
 * `x-amz-copy-source-` for the key that decrypts a copy source (SSE-C only).
 * @example
 * encryptionHeaders({ type: 'KMS', SSEAlgorithm: 'AES256' }, 'x-amz-') // { 'x-amz-server-side-encryption': 'AES256' }
 */
export function encryptionHeaders(
  encryption: Encryption | undefined,
  prefix: 'x-amz-' | 'x-amz-copy-source-',
): Record<string, string> {
  const headers: Record<string, string> = {}
  if (encryption === undefined || encryption === null || typeof encryption !== 'object') return headers
  if (encryption.type === ENCRYPTION_TYPES.SSEC) {
    const key = encryption.SSECustomerKey
    if (key === undefined || key === '') {
      // minio-js's form: no key, only the generic header (and nothing for a source).
      if (prefix === 'x-amz-') headers['x-amz-server-side-encryption'] = 'AES256'
      return headers
    }
    headers[`${prefix}server-side-encryption-customer-algorithm`] =
      encryption.SSECustomerAlgorithm || 'AES256'
    headers[`${prefix}server-side-encryption-customer-key`] = key
    headers[`${prefix}server-side-encryption-customer-key-md5`] =
      encryption.SSECustomerKeyMD5 || md5Base64(base64Bytes(key))
    return headers
  }
  if (encryption.type === ENCRYPTION_TYPES.KMS && prefix === 'x-amz-') {
    if (encryption.SSEAlgorithm) headers['x-amz-server-side-encryption'] = encryption.SSEAlgorithm
    if (encryption.KMSMasterKeyID) {
      headers['x-amz-server-side-encryption-aws-kms-key-id'] = encryption.KMSMasterKeyID
    }
  }
  return headers
}

/**
 * The SSE-C key fields of `encryption` as statObject / getObject options (empty for other kinds).
 * @example
 * await client.statObject(b, k, { ...sseCustomerOptions(source.Encryption) })
 */
export function sseCustomerOptions(encryption: Encryption | undefined): Record<string, string> {
  const headers = encryptionHeaders(encryption, 'x-amz-')
  const key = headers['x-amz-server-side-encryption-customer-key']
  if (key === undefined) return {}
  return {
    SSECustomerAlgorithm: headers['x-amz-server-side-encryption-customer-algorithm'] ?? 'AES256',
    SSECustomerKey: key,
    SSECustomerKeyMD5: headers['x-amz-server-side-encryption-customer-key-md5'] ?? '',
  }
}

/**
 * Throws before anything is sent when `headers` carry an SSE-C key and the client is not on
 * HTTPS: the key would cross the network in the clear (S3 refuses such requests, but only after
 * the key has travelled).
 * @example
 * refuseKeyInClear(t.options.useSSL, headers)
 */
export function refuseKeyInClear(useSSL: boolean, headers: Record<string, string>): void {
  if (useSSL) return
  const named = Object.keys(headers).find((name) => /server-side-encryption-customer-key$/i.test(name))
  if (named !== undefined) {
    throw new InvalidArgumentError(
      `SSE-C keys are sent only over HTTPS (useSSL: true); refusing to send ${named}`,
    )
  }
}

function base64Bytes(value: string): Uint8Array {
  let binary: string
  try {
    binary = atob(value)
  } catch {
    throw new InvalidArgumentError('Invalid Encryption.SSECustomerKey: must be base64')
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
