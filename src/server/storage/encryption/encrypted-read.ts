import { Readable } from 'node:stream'
import { S3ServerError } from '../../errors.js'
import type { ByteRange, CustomerKey, GetObjectResult, ObjectInfo, ObjectLayer } from '../object-layer.js'
import { decryptSegments } from './decrypt-stream.js'
import { type EncryptionOptions, openObjectKey } from './key-access.js'
import { SALT_SIZE } from './package-format.js'
import { planRead, type StoredStream } from './read-plan.js'
import { publicObjectInfo, readSseRecord, type SseRecord } from './sse-record.js'

/** The stored streams of an object (`raw`: the backend's info, with part sizes). */
export function streamsOf(raw: ObjectInfo, record: SseRecord): StoredStream[] {
  if (!raw.partSizes) return [{ partNumber: 0, storedSize: raw.size }]
  const numbers = record.parts ?? raw.partSizes.map((_, i) => i + 1)
  if (numbers.length !== raw.partSizes.length) {
    throw new S3ServerError(
      'InternalError',
      `The encrypted object ${raw.bucket}/${raw.key} lists ${numbers.length} parts for ${raw.partSizes.length} stored.`,
    )
  }
  return raw.partSizes.map((storedSize, i) => ({ partNumber: numbers[i]!, storedSize }))
}

/**
 * Reads plaintext `range` (validated against the plaintext size by the caller) of the encrypted
 * object `raw` describes: only the stored packages covering it are read (one ranged read, plus
 * the first stream's 32-byte salt when the range starts past its first package). Without a
 * range, `whole` is the backend's read of the whole object, whose info `raw` is.
 */
export async function readEncrypted(
  inner: ObjectLayer,
  options: EncryptionOptions,
  raw: ObjectInfo,
  range: ByteRange | undefined,
  customerKey: CustomerKey | undefined,
  version: { versionId?: string },
  whole?: GetObjectResult,
): Promise<GetObjectResult> {
  const record = readSseRecord(raw.headers)!
  const objectKey = openObjectKey(options, record, raw.bucket, raw.key, customerKey)
  const plan = planRead(streamsOf(raw, record), range)
  const info = publicObjectInfo(raw, customerKey?.keyMd5)
  let firstSalt: Uint8Array | undefined
  const first = plan.segments[0]
  if (first && !first.saltInRange) {
    const saltRange = { start: first.saltAt, end: first.saltAt + SALT_SIZE - 1 }
    const salt = await inner.getObject(raw.bucket, raw.key, saltRange, version)
    requireSameObject(raw, salt.info)
    firstSalt = salt.data ?? (await collect(salt.body))
  }
  if (!plan.stored) return { info, body: Readable.from([]) }
  // A whole-object read already opened (`whole`, the read `raw` came from) is the range needed.
  const stored = whole ?? (await inner.getObject(raw.bucket, raw.key, plan.stored, version))
  try {
    requireSameObject(raw, stored.info)
  } catch (error) {
    if (!stored.data) stored.body.destroy()
    throw error
  }
  const source = stored.data ? Readable.from([stored.data]) : stored.body
  const body = Readable.from(decryptSegments(source, plan.segments, objectKey, plan.plain, firstSalt))
  // A body destroyed before it was read (a failed condition, a client gone) never starts the
  // generator, whose clean-up would close the stored read: close it here.
  body.once('close', () => source.destroy())
  return { info, body }
}

/** The object was replaced between the read of its metadata and of its bytes (the read is retried). */
export class ObjectChangedError extends S3ServerError {
  constructor(info: ObjectInfo) {
    super(
      'InternalError',
      `The object ${info.bucket}/${info.key} changed while it was read; retry the request.`,
    )
  }
}

/** The object read is the one whose metadata was read (not replaced in between). */
function requireSameObject(expected: ObjectInfo, read: ObjectInfo): void {
  if (read.etag !== expected.etag || read.lastModified.getTime() !== expected.lastModified.getTime()) {
    throw new ObjectChangedError(expected)
  }
}

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
