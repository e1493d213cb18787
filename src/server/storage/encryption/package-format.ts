/**
 * The encrypted stream format (issue 15), after MinIO's DARE: what the encrypting layer stores
 * in place of an object's bytes (one stream for a single-part object, one per part of a
 * multipart object).
 *
 *   stream  = salt (32 random bytes) || package_0 || package_1 || ... || package_{n-1}
 *   package = AES-256-GCM(streamKey, nonce_i, plaintext_i) || tag (16 bytes)
 *
 * - The plaintext is cut into packages of PACKAGE_SIZE (64 KiB); only the last may be shorter;
 *   an empty plaintext is one empty package (so every stream ends with a sealed final package).
 * - streamKey = HMAC-SHA256(objectKey, "silo-sse-stream-v1" || u32 partNumber || salt): a fresh
 *   key per stream (a re-uploaded part gets a new salt, so no key/nonce pair is ever reused),
 *   bound to its part number (0 for a single-part object) so parts cannot be reordered.
 * - nonce_i = 7 zero bytes || final flag (0x80 on the last package, else 0) || u32 i
 *   (big-endian): a package moved, dropped or replayed at another index fails its tag, and a
 *   stream cut at a package boundary fails because its last remaining package was sealed
 *   without the final flag.
 * - Sizes are implied: stored = 32 + plain + 16 · max(1, ⌈plain / 64 KiB⌉), so the plaintext
 *   size of a stream follows from its stored size, and a plaintext range maps to the packages
 *   covering it (ranges read and decrypt only those).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { S3ServerError } from '../../errors.js'
import { PieceQueue } from './piece-queue.js'

/** Plaintext bytes per package. */
export const PACKAGE_SIZE = 64 * 1024
/** GCM tag bytes after each package's ciphertext. */
export const TAG_SIZE = 16
/** Stored bytes of a full package. */
export const SEALED_PACKAGE_SIZE = PACKAGE_SIZE + TAG_SIZE
/** The random salt at the head of every stream. */
export const SALT_SIZE = 32

/** Packages a stream of `plain` bytes is cut into (an empty one is one empty package). */
export function packageCount(plain: number): number {
  return Math.max(1, Math.ceil(plain / PACKAGE_SIZE))
}

/** Stored bytes of a stream holding `plain` bytes of plaintext. */
export function sealedSize(plain: number): number {
  return SALT_SIZE + plain + TAG_SIZE * packageCount(plain)
}

/**
 * Plaintext bytes of a stream of `stored` bytes; an error (the stream is damaged) when no
 * plaintext size gives that stored size.
 */
export function plainSize(stored: number): number {
  const sealed = stored - SALT_SIZE
  const packages = Math.max(1, Math.ceil(sealed / SEALED_PACKAGE_SIZE))
  const plain = sealed - TAG_SIZE * packages
  if (plain < 0 || sealedSize(plain) !== stored) throw damaged(`a stream of ${stored} bytes`)
  return plain
}

/** The key one stream's packages are sealed with. */
export function streamKey(objectKey: Uint8Array, partNumber: number, salt: Uint8Array): Buffer {
  const part = Buffer.alloc(4)
  part.writeUInt32BE(partNumber)
  return createHmac('sha256', objectKey).update('silo-sse-stream-v1').update(part).update(salt).digest()
}

function nonceOf(index: number, final: boolean): Buffer {
  const nonce = Buffer.alloc(12)
  if (final) nonce[7] = 0x80
  nonce.writeUInt32BE(index, 8)
  return nonce
}

/** Seals package `index` of a stream from its plaintext pieces: ciphertext pieces, then the tag. */
export function sealPackage(
  key: Uint8Array,
  index: number,
  final: boolean,
  plain: readonly Uint8Array[],
): Buffer[] {
  const cipher = createCipheriv('aes-256-gcm', key, nonceOf(index, final))
  const out = plain.map((piece) => cipher.update(piece))
  cipher.final()
  out.push(cipher.getAuthTag())
  return out
}

/**
 * Opens package `index` of a stream from its stored pieces (ciphertext then tag); its plaintext
 * pieces, only once the tag has been checked. An error when it was altered, moved or cut.
 */
export function openPackage(
  key: Uint8Array,
  index: number,
  final: boolean,
  sealed: readonly Buffer[],
): Buffer[] {
  const total = sealed.reduce((sum, piece) => sum + piece.length, 0)
  if (total < TAG_SIZE) throw damaged(`package ${index}`)
  const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(index, final))
  const plain: Buffer[] = []
  const tag: Buffer[] = []
  let left = total - TAG_SIZE
  for (const piece of sealed) {
    const text = piece.subarray(0, Math.min(left, piece.length))
    if (text.length > 0) plain.push(decipher.update(text))
    if (text.length < piece.length) tag.push(piece.subarray(text.length))
    left -= text.length
  }
  decipher.setAuthTag(tag.length === 1 ? tag[0]! : Buffer.concat(tag))
  try {
    // GCM's final() yields no bytes: it checks the tag, before any plaintext is handed out.
    decipher.final()
  } catch {
    throw damaged(`package ${index}`)
  }
  return plain
}

/**
 * The error of a stored stream that does not authenticate: tampered, truncated, or read with
 * the wrong key. 500: the server cannot give the object's bytes.
 */
export function damaged(what: string): S3ServerError {
  return new S3ServerError(
    'InternalError',
    `The encrypted object data does not authenticate (${what}): it was damaged or altered on disk.`,
  )
}

/**
 * Stored bytes handed on at a time while encrypting (about 1 MiB: 16 sealed packages). Yielding
 * each package's ciphertext and 16-byte tag on their own made the backend issue three file writes
 * per 64 KiB (measured: an encrypted PUT spent more CPU on writes and generator steps than on
 * AES-GCM); one copy into a 1 MiB buffer costs far less.
 */
export const SEALED_BATCH_SIZE = 16 * SEALED_PACKAGE_SIZE

/**
 * Encrypts `body` into one stream (salt first), in buffers of about SEALED_BATCH_SIZE. `onEnd`
 * is called with the plaintext byte count once the body has ended and before the last package
 * is yielded, so a check that throws there (a Content-MD5 or length mismatch) fails the write
 * before its final bytes reach storage.
 */
export async function* encryptStream(
  body: AsyncIterable<Uint8Array>,
  objectKey: Uint8Array,
  partNumber: number,
  onChunk: (plain: Uint8Array) => void,
  onEnd: () => void,
): AsyncGenerator<Buffer> {
  const salt = randomBytes(SALT_SIZE)
  const key = streamKey(objectKey, partNumber, salt)
  const out = new OutputBatch()
  out.add([salt])
  const pending = new PieceQueue()
  let index = 0
  for await (const chunk of body) {
    onChunk(chunk)
    pending.push(chunk)
    // Hold back a full package until more data shows it is not the last one.
    while (pending.size > PACKAGE_SIZE) {
      out.add(sealPackage(key, index++, false, pending.take(PACKAGE_SIZE)))
      if (out.size >= SEALED_BATCH_SIZE) yield out.take()
    }
  }
  onEnd()
  out.add(sealPackage(key, index, true, pending.take(pending.size)))
  yield out.take()
}

/** Sealed pieces gathered into one buffer per batch. */
class OutputBatch {
  private pieces: Buffer[] = []
  size = 0

  add(pieces: readonly Buffer[]): void {
    for (const piece of pieces) {
      this.pieces.push(piece)
      this.size += piece.length
    }
  }

  take(): Buffer {
    const batch = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.size)
    this.pieces = []
    this.size = 0
    return batch
  }
}
