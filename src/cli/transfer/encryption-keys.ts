/**
 * `cp --enc-s3 PATHS` and `--enc-c PATH=KEY` (mc's flags): which objects a transfer writes with
 * SSE-S3, and which it reads or writes with a customer key (SSE-C). Each flag takes
 * comma-separated `ALIAS/BUCKET[/PREFIX]` paths; the longest matching path wins.
 */
import { createHash } from 'node:crypto'
import type { Encryption } from '../../index.js'
import { UsageError } from '../errors/cli-error.js'
import type { Location } from './location.js'

/** How one object is encrypted by a transfer. */
export type TransferEncryption = { kind: 'SSE-S3' } | { kind: 'SSE-C'; key: string; keyMd5: string }

/** The encryption of each remote location a transfer touches. */
export interface EncryptionKeys {
  /** The encryption for `location` (undefined: none, or a local path). */
  of(location: Location): TransferEncryption | undefined
}

/** No flags given. */
export const NO_ENCRYPTION: EncryptionKeys = { of: () => undefined }

/**
 * Parses the flags' values; a path that is not `ALIAS/BUCKET[/PREFIX]` or a key that is not 32
 * bytes (base64, as mc writes them, or 32 raw characters) is a usage error naming it.
 * @example
 * const keys = parseEncryptionFlags(['local/photos'], ['local/vault=' + key])
 */
export function parseEncryptionFlags(encS3: string[] = [], encC: string[] = []): EncryptionKeys {
  const rules: Array<{ prefix: string; encryption: TransferEncryption }> = []
  for (const path of encS3.flatMap(splitList))
    rules.push({ prefix: checkPath(path, '--enc-s3'), encryption: { kind: 'SSE-S3' } })
  for (const item of encC.flatMap(splitList)) {
    const at = item.indexOf('=')
    // Not echoed: the value may be a key given without its path.
    if (at <= 0) throw new UsageError('--enc-c: each value is ALIAS/BUCKET[/PREFIX]=KEY')
    const key = decodeKey(item.slice(at + 1), item.slice(0, at))
    const keyMd5 = createHash('md5').update(key).digest('base64')
    rules.push({
      prefix: checkPath(item.slice(0, at), '--enc-c'),
      encryption: { kind: 'SSE-C', key: key.toString('base64'), keyMd5 },
    })
  }
  if (rules.length === 0) return NO_ENCRYPTION
  rules.sort((a, b) => b.prefix.length - a.prefix.length)
  return {
    of(location) {
      if (location.kind !== 'remote') return undefined
      const path = `${location.alias}/${location.bucket}/${location.key}`
      return rules.find((rule) => path.startsWith(rule.prefix))?.encryption
    },
  }
}

/**
 * Request headers (putObject metadata) that write an object with `encryption`.
 * @example
 * await client.fPutObject(bucket, key, file, writeHeaders(keys.of(to)))
 */
export function writeHeaders(encryption: TransferEncryption | undefined): Record<string, string> {
  if (!encryption) return {}
  if (encryption.kind === 'SSE-S3') return { 'x-amz-server-side-encryption': 'AES256' }
  return {
    'x-amz-server-side-encryption-customer-algorithm': 'AES256',
    'x-amz-server-side-encryption-customer-key': encryption.key,
    'x-amz-server-side-encryption-customer-key-md5': encryption.keyMd5,
  }
}

/**
 * getObject / statObject options that read an SSE-C object (nothing for other objects).
 * @example
 * await client.statObject(bucket, key, readOptions(keys.of(from)))
 */
export function readOptions(encryption: TransferEncryption | undefined): Record<string, string> {
  if (encryption?.kind !== 'SSE-C') return {}
  return {
    SSECustomerAlgorithm: 'AES256',
    SSECustomerKey: encryption.key,
    SSECustomerKeyMD5: encryption.keyMd5,
  }
}

/**
 * The SDK's copy-option `Encryption` for `encryption` (a copy source: SSE-C only matters).
 * @example
 * new CopyDestinationOptions({ Bucket, Object, Encryption: copyEncryption(keys.of(to)) })
 */
export function copyEncryption(encryption: TransferEncryption | undefined): Encryption | undefined {
  if (!encryption) return undefined
  if (encryption.kind === 'SSE-S3') return { type: 'KMS', SSEAlgorithm: 'AES256' }
  return { type: 'SSE-C', SSECustomerKey: encryption.key, SSECustomerKeyMD5: encryption.keyMd5 }
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')
}

function checkPath(path: string, flag: string): string {
  const [alias = '', bucket = ''] = path.split('/')
  if (!alias || !bucket) throw new UsageError(`${flag} "${path}": write ALIAS/BUCKET[/PREFIX]`)
  return path
}

// mc takes a key as base64 of 32 bytes, or (older mc) 32 raw characters.
function decodeKey(text: string, path: string): Buffer {
  if (/^[A-Za-z0-9+/]{43}=$/.test(text)) return Buffer.from(text, 'base64')
  if (Buffer.byteLength(text) === 32) return Buffer.from(text)
  throw new UsageError(`--enc-c ${path}: the key must be 32 bytes, base64-encoded (openssl rand -base64 32)`)
}
