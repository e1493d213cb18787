/**
 * The keys above the stream format (issue 15):
 *
 * - Every object (every multipart upload) gets a random 32-byte object key; its streams' keys
 *   are derived from it (package-format.ts).
 * - The object key is stored only sealed (AES-256-GCM, random 12-byte nonce) under a key
 *   encryption key (KEK) bound to the object's name:
 *   KEK = HMAC-SHA256(root, "silo-sse-<kind>-kek-v1" || len32(bucket) || bucket || len32(key) || key)
 *   where root is the server master key (SSE-S3) or the customer's key (SSE-C). A record copied
 *   to another name does not unseal; a copy re-seals.
 * - SSE-C: the customer key is never stored; a salted HMAC of it is, to tell a wrong key
 *   (AccessDenied) from damaged data.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { S3ServerError } from '../../errors.js'

/** The server's master key (MinIO's `SILO_KMS_SECRET_KEY=name:base64(32 bytes)` form). */
export interface MasterKey {
  name: string
  key: Buffer
}

/**
 * Parses `name:base64` (32 bytes once decoded); a TypeError naming what is wrong.
 *
 * @example parseMasterKey('my-key:' + randomBytes(32).toString('base64'))
 */
export function parseMasterKey(text: string): MasterKey {
  const colon = text.indexOf(':')
  const name = text.slice(0, colon)
  const encoded = text.slice(colon + 1)
  if (colon <= 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new TypeError('the KMS secret key must be name:base64 (as my-key:<base64 of 32 bytes>)')
  }
  const key = Buffer.from(encoded, 'base64')
  if (key.length !== 32) {
    throw new TypeError(
      `the KMS secret key '${name}' must be 32 bytes once base64-decoded, not ${key.length}`,
    )
  }
  return { name, key }
}

/** Derives the key that seals an object key for `bucket/key` from `root`. */
export function keyEncryptionKey(
  root: Uint8Array,
  kind: 'SSE-S3' | 'SSE-C',
  bucket: string,
  key: string,
): Buffer {
  const mac = createHmac('sha256', root).update(`silo-sse-${kind}-kek-v1`)
  for (const part of [bucket, key]) {
    const bytes = Buffer.from(part, 'utf8')
    const length = Buffer.alloc(4)
    length.writeUInt32BE(bytes.length)
    mac.update(length).update(bytes)
  }
  return mac.digest()
}

/** A fresh random object key. */
export function newObjectKey(): Buffer {
  return randomBytes(32)
}

/** Seals `objectKey` under `kek`: base64 of nonce (12) || ciphertext (32) || tag (16). */
export function sealObjectKey(kek: Uint8Array, objectKey: Uint8Array): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', kek, nonce)
  return Buffer.concat([nonce, cipher.update(objectKey), cipher.final(), cipher.getAuthTag()]).toString(
    'base64',
  )
}

/** Unseals an object key; undefined when `kek` is not the one it was sealed with (or it was altered). */
export function unsealObjectKey(kek: Uint8Array, sealed: string): Buffer | undefined {
  const bytes = Buffer.from(sealed, 'base64')
  if (bytes.length !== 12 + 32 + 16) return undefined
  const decipher = createDecipheriv('aes-256-gcm', kek, bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(44))
  try {
    return Buffer.concat([decipher.update(bytes.subarray(12, 44)), decipher.final()])
  } catch {
    return undefined
  }
}

/** A salted HMAC of a customer key, to store: base64 of salt (16) || HMAC-SHA256 (32). */
export function customerKeyMac(customerKey: Uint8Array, salt: Uint8Array = randomBytes(16)): string {
  const mac = createHmac('sha256', customerKey).update('silo-sse-c-key-check-v1').update(salt).digest()
  return Buffer.concat([salt, mac]).toString('base64')
}

/** Whether `customerKey` is the key whose stored MAC is `stored` (in constant time). */
export function customerKeyMatches(customerKey: Uint8Array, stored: string): boolean {
  const bytes = Buffer.from(stored, 'base64')
  if (bytes.length !== 48) return false
  const expected = Buffer.from(customerKeyMac(customerKey, bytes.subarray(0, 16)), 'base64')
  return timingSafeEqual(expected, bytes)
}

/** Checks an SSE-C key's form: 32 bytes, and keyMd5 the base64 MD5 of them. */
export function requireCustomerKeyForm(key: Uint8Array): void {
  if (key.length !== 32) {
    throw new S3ServerError(
      'InvalidArgument',
      'The secret key was invalid for the specified algorithm: an SSE-C key is 32 bytes (AES256).',
      { ArgumentName: 'x-amz-server-side-encryption-customer-key' },
    )
  }
}
