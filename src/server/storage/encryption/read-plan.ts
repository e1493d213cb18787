import type { ByteRange } from '../object-layer.js'
import {
  PACKAGE_SIZE,
  packageCount,
  plainSize,
  SALT_SIZE,
  SEALED_PACKAGE_SIZE,
  TAG_SIZE,
} from './package-format.js'

/** One stored stream of an object: a single-part object's only one, or one per part. */
export interface StoredStream {
  /** 0 for a single-part object, else the upload's part number (the key derivation binds it). */
  partNumber: number
  /** Stored bytes (salt and tags included). */
  storedSize: number
}

/** The packages of one stream that a read decrypts. */
export interface StreamSegment {
  partNumber: number
  /** Plaintext bytes of the whole stream. */
  plain: number
  /** Offset of the stream's first plaintext byte in the object. */
  plainStart: number
  firstPackage: number
  lastPackage: number
  /** The salt is in the stored range read (true) or must be read on its own (first stream only). */
  saltInRange: boolean
  /** Offset of the stream's salt in the stored object. */
  saltAt: number
}

/** What to read from storage for a plaintext range, and how to decrypt it. */
export interface ReadPlan {
  /** Plaintext range the read returns (inclusive); undefined for an empty object. */
  plain?: ByteRange
  /** Stored range to read, contiguous (inclusive); undefined when nothing is read. */
  stored?: ByteRange
  segments: StreamSegment[]
}

/** Plaintext size of an object made of `streams`. */
export function plainSizeOf(streams: readonly StoredStream[]): number {
  return streams.reduce((sum, s) => sum + plainSize(s.storedSize), 0)
}

/**
 * The stored bytes covering plaintext `range` (whole object when absent) of an object made of
 * `streams`: only the packages the range touches, plus the first stream's salt when the range
 * starts past its first package.
 */
export function planRead(streams: readonly StoredStream[], range?: ByteRange): ReadPlan {
  const total = plainSizeOf(streams)
  // An empty object is still one sealed, final, empty package: it is read to authenticate it.
  const want = range ?? (total === 0 ? undefined : { start: 0, end: total - 1 })
  const segments: StreamSegment[] = []
  let plainStart = 0
  let storedStart = 0
  let from: number | undefined
  let to = 0
  for (const stream of streams) {
    const plain = plainSize(stream.storedSize)
    const plainEnd = plainStart + plain - 1
    const touches = want ? want.start <= plainEnd && want.end >= plainStart : true
    if (touches) {
      const firstPackage = want
        ? Math.floor((Math.max(want.start, plainStart) - plainStart) / PACKAGE_SIZE)
        : 0
      const lastPackage = want
        ? Math.floor((Math.min(want.end, plainEnd) - plainStart) / PACKAGE_SIZE)
        : packageCount(plain) - 1
      const packagesAt = storedStart + SALT_SIZE + firstPackage * SEALED_PACKAGE_SIZE
      const saltInRange = from !== undefined || firstPackage === 0
      from ??= firstPackage === 0 ? storedStart : packagesAt
      const lastPlain =
        lastPackage === packageCount(plain) - 1 ? plain - lastPackage * PACKAGE_SIZE : PACKAGE_SIZE
      to = storedStart + SALT_SIZE + lastPackage * SEALED_PACKAGE_SIZE + lastPlain + TAG_SIZE - 1
      segments.push({
        partNumber: stream.partNumber,
        plain,
        plainStart,
        firstPackage,
        lastPackage,
        saltInRange,
        saltAt: storedStart,
      })
    }
    plainStart += plain
    storedStart += stream.storedSize
  }
  return { plain: want, stored: from === undefined ? undefined : { start: from, end: to }, segments }
}
