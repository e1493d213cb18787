import { S3ServerError } from '../../errors.js'
import type { CustomerKey, EncryptionRequest } from '../object-layer.js'
import {
  customerKeyMac,
  customerKeyMatches,
  keyEncryptionKey,
  type MasterKey,
  newObjectKey,
  requireCustomerKeyForm,
  sealObjectKey,
  unsealObjectKey,
} from './object-keys.js'
import { damaged } from './package-format.js'
import type { SseRecord } from './sse-record.js'

/** What the encrypting layer is configured with. */
export interface EncryptionOptions {
  /** The SSE-S3 master key; without it SSE-S3 writes fail with KMSNotConfigured. */
  masterKey?: MasterKey
}

function kmsNotConfigured(what: string): S3ServerError {
  return new S3ServerError(
    'KMSNotConfigured',
    `Server side encryption specified but KMS is not configured: ${what} needs a master key (SILO_KMS_SECRET_KEY or the kmsSecretKey option).`,
  )
}

/** A new object key for a write to `bucket/key`, and the record that stores it sealed. */
export function sealNewObjectKey(
  options: EncryptionOptions,
  encryption: EncryptionRequest,
  bucket: string,
  key: string,
): { objectKey: Buffer; record: SseRecord } {
  const objectKey = newObjectKey()
  if (encryption.kind === 'SSE-S3') {
    const master = options.masterKey
    if (!master) throw kmsNotConfigured('SSE-S3 (x-amz-server-side-encryption: AES256)')
    const kek = keyEncryptionKey(master.key, 'SSE-S3', bucket, key)
    return {
      objectKey,
      record: { kind: 'SSE-S3', sealedKey: sealObjectKey(kek, objectKey), masterKey: master.name },
    }
  }
  requireCustomerKeyForm(encryption.key)
  const kek = keyEncryptionKey(encryption.key, 'SSE-C', bucket, key)
  return {
    objectKey,
    record: {
      kind: 'SSE-C',
      sealedKey: sealObjectKey(kek, objectKey),
      keyMac: customerKeyMac(encryption.key),
    },
  }
}

/**
 * An existing SSE-S3 object key sealed anew for `bucket/key` (a copy that shares the stored
 * bytes: the same object key opens them under the new name).
 */
export function resealSseS3Key(
  options: EncryptionOptions,
  objectKey: Uint8Array,
  bucket: string,
  key: string,
): Pick<SseRecord, 'sealedKey' | 'masterKey'> {
  const master = options.masterKey
  if (!master) throw kmsNotConfigured('SSE-S3 (x-amz-server-side-encryption: AES256)')
  const kek = keyEncryptionKey(master.key, 'SSE-S3', bucket, key)
  return { sealedKey: sealObjectKey(kek, objectKey), masterKey: master.name }
}

/**
 * S3's rules for the SSE-C key of a read (or of an UploadPart, or of a copy source): required
 * for an SSE-C object (InvalidRequest), the right one (AccessDenied), refused for any other
 * object (InvalidRequest).
 */
export function checkCustomerKey(record: SseRecord | undefined, customerKey: CustomerKey | undefined): void {
  if (record?.kind === 'SSE-C') {
    if (!customerKey) {
      throw new S3ServerError(
        'InvalidRequest',
        'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.',
      )
    }
    if (!customerKeyMatches(customerKey.key, record.keyMac ?? '')) {
      throw new S3ServerError(
        'AccessDenied',
        'Access Denied: the SSE-C key does not match the key the object was stored with.',
      )
    }
  } else if (customerKey) {
    throw new S3ServerError('InvalidRequest', 'The encryption parameters are not applicable to this object.')
  }
}

/**
 * The object key of a stored object (`record` read from `bucket/key`); the customer key must
 * have passed checkCustomerKey.
 */
export function openObjectKey(
  options: EncryptionOptions,
  record: SseRecord,
  bucket: string,
  key: string,
  customerKey: CustomerKey | undefined,
): Buffer {
  let root: Uint8Array
  if (record.kind === 'SSE-S3') {
    const master = options.masterKey
    if (!master) throw kmsNotConfigured(`reading the SSE-S3 object ${bucket}/${key}`)
    if (record.masterKey !== undefined && record.masterKey !== master.name) {
      throw new S3ServerError(
        'InternalError',
        `The object ${bucket}/${key} was sealed with the master key '${record.masterKey}', not the configured '${master.name}'.`,
      )
    }
    root = master.key
  } else {
    checkCustomerKey(record, customerKey)
    root = customerKey!.key
  }
  const objectKey = unsealObjectKey(keyEncryptionKey(root, record.kind, bucket, key), record.sealedKey)
  if (!objectKey) throw damaged(`the sealed object key of ${bucket}/${key}`)
  return objectKey
}
