import { createHash, type Hash } from 'node:crypto'
import { createChunkStringToSign, createTrailerStringToSign } from '../../shared/sigv4/chunk-signature.js'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'
import { computeSignature, signaturesEqual } from '../../shared/sigv4/signature.js'
import type { ChunkSigning } from '../auth/auth-context.js'
import { S3ServerError } from '../errors.js'

export interface AwsChunkedOptions {
  /** Verify the chunk signature chain (STREAMING-AWS4-HMAC-SHA256-PAYLOAD[-TRAILER]). */
  signing?: ChunkSigning & { crypto: SigV4Crypto }
  /** Receives the trailer headers (lower-case names) when the body ends. */
  onTrailers?: (trailers: Map<string, string>) => void
}

const MAX_LINE = 4096
const HEX = /^[0-9a-fA-F]{1,16}$/

function malformed(why: string): S3ServerError {
  return new S3ServerError('IncompleteBody', `The aws-chunked body is malformed: ${why}.`)
}

/**
 * Decodes an `aws-chunked` body (`<hex-size>[;chunk-signature=<sig>]\r\n<data>\r\n`…, a zero
 * chunk, optional trailer lines, a blank line), yielding the data and, when `signing` is given,
 * verifying each chunk's signature and the trailer's (`x-amz-trailer-signature`, required when
 * the signing says a trailer comes or any trailer line is sent). Errors surface before the source ends, so a store that
 * writes the yielded data to a temporary file never commits a bad body.
 *
 * @example for await (const data of decodeAwsChunked(req, { onTrailers: (t) => (trailers = t) })) …
 */
export async function* decodeAwsChunked(
  source: AsyncIterable<Uint8Array>,
  options: AwsChunkedOptions = {},
): AsyncGenerator<Buffer> {
  const { signing } = options
  let state: 'size' | 'data' | 'data-end' | 'trailer' | 'done' = 'size'
  let pending: Buffer | undefined
  let remaining = 0
  let hash: Hash | undefined
  let claimed = ''
  let previous = signing?.seedSignature ?? ''
  const trailers = new Map<string, string>()
  let trailerText = ''

  const verifyChunk = (dataHashHex: string) => {
    if (!signing) return
    const sts = createChunkStringToSign(signing.amzDate, signing.scope, previous, dataHashHex)
    const expected = computeSignature(signing.crypto, signing.key, sts)
    if (!signaturesEqual(expected, claimed)) {
      throw new S3ServerError(
        'SignatureDoesNotMatch',
        'The chunk signature does not match the one calculated.',
      )
    }
    previous = claimed
  }

  for await (const piece of source) {
    const buf: Buffer = pending ? Buffer.concat([pending, piece]) : asBuffer(piece)
    pending = undefined
    let pos = 0
    while (pos < buf.length) {
      if (state === 'data') {
        const n = Math.min(remaining, buf.length - pos)
        const data = buf.subarray(pos, pos + n)
        hash?.update(data)
        pos += n
        remaining -= n
        if (remaining === 0) state = 'data-end'
        yield data
        continue
      }
      const eol = buf.indexOf('\r\n', pos, 'latin1')
      if (eol === -1) {
        pending = buf.subarray(pos)
        if (pending.length > MAX_LINE) throw malformed('a chunk header or trailer line is too long')
        break
      }
      const line = buf.toString('latin1', pos, eol)
      pos = eol + 2
      if (state === 'data-end') {
        if (line !== '') throw malformed('chunk data is longer than its declared size')
        if (hash) verifyChunk(hash.digest('hex'))
        hash = undefined
        state = 'size'
      } else if (state === 'size') {
        const size = parseSizeLine(line, signing !== undefined)
        claimed = size.signature
        if (size.size === 0) {
          if (signing) verifyChunk(EMPTY_HASH)
          state = 'trailer'
        } else {
          remaining = size.size
          if (signing) hash = createHash('sha256')
          state = 'data'
        }
      } else if (state === 'trailer') {
        if (line === '') state = 'done'
        else trailerText += readTrailer(line, trailers)
      } else if (line !== '') throw malformed('data after the final chunk')
    }
  }
  if (state !== 'done' && state !== 'trailer') throw malformed('the body ended inside a chunk')
  // A signed body's trailer is signed too (issue 12): one declared by the payload mode, and any
  // trailer lines at all, which would otherwise ride along unsigned after a verified chain.
  if (signing && (signing.trailer === true || trailers.size > 0))
    verifyTrailer(signing, previous, trailers, trailerText)
  options.onTrailers?.(trailers)
}

const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

function asBuffer(piece: Uint8Array): Buffer {
  return Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
}

function parseSizeLine(line: string, signed: boolean): { size: number; signature: string } {
  const semi = line.indexOf(';')
  const hex = semi === -1 ? line : line.slice(0, semi)
  if (!HEX.test(hex)) throw malformed(`'${line.slice(0, 40)}' is not a chunk size`)
  const ext = semi === -1 ? '' : line.slice(semi + 1)
  if (signed && !ext.startsWith('chunk-signature=')) throw malformed('a chunk is missing its chunk-signature')
  return { size: Number.parseInt(hex, 16), signature: ext.slice('chunk-signature='.length) }
}

function readTrailer(line: string, trailers: Map<string, string>): string {
  const colon = line.indexOf(':')
  if (colon === -1) throw malformed(`trailer line '${line.slice(0, 40)}' has no ':'`)
  const name = line.slice(0, colon).trim().toLowerCase()
  const value = line.slice(colon + 1).trim()
  trailers.set(name, value)
  return name === 'x-amz-trailer-signature' ? '' : `${name}:${value}\n`
}

function verifyTrailer(
  signing: NonNullable<AwsChunkedOptions['signing']>,
  previous: string,
  trailers: Map<string, string>,
  trailerText: string,
): void {
  const claimed = trailers.get('x-amz-trailer-signature')
  if (claimed === undefined) {
    throw new S3ServerError(
      'SignatureDoesNotMatch',
      'The trailer of a signed aws-chunked body must carry x-amz-trailer-signature.',
    )
  }
  const hashHex = createHash('sha256').update(trailerText).digest('hex')
  const sts = createTrailerStringToSign(signing.amzDate, signing.scope, previous, hashHex)
  const expected = computeSignature(signing.crypto, signing.key, sts)
  if (!signaturesEqual(expected, claimed)) {
    throw new S3ServerError(
      'SignatureDoesNotMatch',
      'The trailer signature does not match the one calculated.',
    )
  }
}
