import type { ObjectEncryption, ObjectInfo, UploadInfo } from '../object-layer.js'
import { plainSize } from './package-format.js'

/**
 * Stored headers of this prefix are the encrypting layer's own: it writes them, reads them and
 * strips them from everything it returns. Clients cannot set them: the handlers store only
 * `x-amz-meta-*`, the storage class and a few standard headers (objects/object-metadata.ts),
 * and the layer refuses a write that carries one.
 */
export const INTERNAL_PREFIX = 'x-silo-internal-sse-'

const KIND = `${INTERNAL_PREFIX}kind`
const SEALED_KEY = `${INTERNAL_PREFIX}sealed-key`
const MASTER_KEY_NAME = `${INTERNAL_PREFIX}master-key`
const KEY_MAC = `${INTERNAL_PREFIX}key-mac`
const SIZE = `${INTERNAL_PREFIX}size`
const PARTS = `${INTERNAL_PREFIX}parts`

/** How an object (or an upload) is encrypted, as its stored headers record it. */
export interface SseRecord {
  kind: 'SSE-S3' | 'SSE-C'
  /** The object key, sealed (object-keys.ts). */
  sealedKey: string
  /** SSE-S3: the name of the master key that sealed it. */
  masterKey?: string
  /** SSE-C: salted MAC of the customer key. */
  keyMac?: string
  /** Plaintext size (written once the body is in, or at CompleteMultipartUpload). */
  size?: number
  /** Multipart objects: the upload's part numbers, in order (the stream keys bind them). */
  parts?: number[]
}

/** The record in stored headers, or undefined for an unencrypted object. */
export function readSseRecord(headers: Record<string, string>): SseRecord | undefined {
  const kind = headers[KIND]
  if (kind !== 'SSE-S3' && kind !== 'SSE-C') return undefined
  const record: SseRecord = { kind, sealedKey: headers[SEALED_KEY] ?? '' }
  if (headers[MASTER_KEY_NAME] !== undefined) record.masterKey = headers[MASTER_KEY_NAME]
  if (headers[KEY_MAC] !== undefined) record.keyMac = headers[KEY_MAC]
  if (headers[SIZE] !== undefined) record.size = Number(headers[SIZE])
  if (headers[PARTS] !== undefined) record.parts = decodePartList(headers[PARTS])
  return record
}

/** The stored headers of a record (only the fields set). */
export function sseHeaders(record: Partial<SseRecord>): Record<string, string> {
  const out: Record<string, string> = {}
  if (record.kind) out[KIND] = record.kind
  if (record.sealedKey) out[SEALED_KEY] = record.sealedKey
  if (record.masterKey !== undefined) out[MASTER_KEY_NAME] = record.masterKey
  if (record.keyMac !== undefined) out[KEY_MAC] = record.keyMac
  if (record.size !== undefined) out[SIZE] = String(record.size)
  if (record.parts !== undefined) out[PARTS] = encodePartList(record.parts)
  return out
}

/** `headers` without the layer's entries. */
export function withoutInternal(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(INTERNAL_PREFIX)))
}

/** Whether `headers` carries a name of the reserved prefix. */
export function hasInternal(headers: Record<string, string> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase().startsWith(INTERNAL_PREFIX))
}

/** What clients see of an object's encryption. */
export function encryptionOf(record: SseRecord, keyMd5?: string): ObjectEncryption {
  return record.kind === 'SSE-C' && keyMd5 ? { kind: 'SSE-C', keyMd5 } : { kind: record.kind }
}

/**
 * An object as clients see it: plaintext size and part sizes, the ETag S3 reports, the
 * encryption, and no internal headers. Unencrypted objects pass unchanged.
 */
export function publicObjectInfo(info: ObjectInfo, keyMd5?: string): ObjectInfo {
  const record = readSseRecord(info.headers)
  if (!record) {
    if (!hasInternal(info.headers)) return info
    return { ...info, headers: withoutInternal(info.headers) }
  }
  const out: ObjectInfo = {
    ...info,
    headers: withoutInternal(info.headers),
    encryption: encryptionOf(record, keyMd5),
  }
  if (info.partSizes) out.partSizes = info.partSizes.map(plainSize)
  out.size = record.size ?? (out.partSizes ? out.partSizes.reduce((a, b) => a + b, 0) : plainSize(info.size))
  return out
}

/** An upload as clients see it. */
export function publicUploadInfo(info: UploadInfo): UploadInfo {
  const record = readSseRecord(info.headers)
  if (!record) return hasInternal(info.headers) ? { ...info, headers: withoutInternal(info.headers) } : info
  return { ...info, headers: withoutInternal(info.headers), encryption: encryptionOf(record) }
}

/** `[1, 2, 3, 7]` → `1-3,7`. */
export function encodePartList(parts: readonly number[]): string {
  const runs: string[] = []
  for (let i = 0; i < parts.length; ) {
    let j = i
    while (j + 1 < parts.length && parts[j + 1] === parts[j]! + 1) j++
    runs.push(j === i ? String(parts[i]) : `${parts[i]}-${parts[j]}`)
    i = j + 1
  }
  return runs.join(',')
}

/** `1-3,7` → `[1, 2, 3, 7]`. */
export function decodePartList(text: string): number[] {
  const parts: number[] = []
  for (const run of text.split(',').filter(Boolean)) {
    const [from, to] = run.split('-').map(Number)
    for (let n = from!; n <= (to ?? from!); n++) parts.push(n)
  }
  return parts
}
