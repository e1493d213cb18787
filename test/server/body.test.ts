import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { decodeAwsChunked } from '../../src/server/body/aws-chunked.js'
import { verifyChecksum } from '../../src/server/body/checksum.js'
import { CHECKSUM_ALGORITHMS } from '../../src/server/body/checksum-algorithms.js'
import { verifySha256 } from '../../src/server/body/verify-sha256.js'
import { isS3ServerError } from '../../src/server/errors.js'
import { deriveSigningKey } from '../../src/shared/sigv4/index.js'

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const p of source) parts.push(p)
  return Buffer.concat(parts)
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (e) {
    if (isS3ServerError(e)) return e.code
    throw e
  }
  return 'no error'
}

/** Feeds `data` in pieces of `size` bytes, to cross every framing boundary. */
async function* pieces(data: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size)
}

const crc32Base64 = (data: Buffer) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(crc32(data))
  return b.toString('base64')
}

describe('decodeAwsChunked: STREAMING-UNSIGNED-PAYLOAD-TRAILER', () => {
  const payload = Buffer.from('hello, chunked world! '.repeat(50))
  const encoded = Buffer.concat([
    Buffer.from(`${(600).toString(16)}\r\n`),
    payload.subarray(0, 600),
    Buffer.from(`\r\n${(payload.length - 600).toString(16)}\r\n`),
    payload.subarray(600),
    Buffer.from(`\r\n0\r\nx-amz-checksum-crc32:${crc32Base64(payload)}\r\n\r\n`),
  ])

  it.each([1, 3, 7, 64, 100_000])('decodes in pieces of %i bytes and reports the trailer', async (size) => {
    let trailers = new Map<string, string>()
    const out = await collect(decodeAwsChunked(pieces(encoded, size), { onTrailers: (t) => (trailers = t) }))
    expect(out.equals(payload)).toBe(true)
    expect(trailers.get('x-amz-checksum-crc32')).toBe(crc32Base64(payload))
  })

  it('rejects a body cut inside a chunk with IncompleteBody', async () => {
    expect(await codeOf(collect(decodeAwsChunked(pieces(encoded.subarray(0, 300), 64))))).toBe(
      'IncompleteBody',
    )
  })

  it('rejects a chunk longer than declared', async () => {
    const bad = Buffer.from('3\r\nabcd\r\n0\r\n\r\n')
    expect(await codeOf(collect(decodeAwsChunked(pieces(bad, 4))))).toBe('IncompleteBody')
  })
})

describe('decodeAwsChunked: STREAMING-AWS4-HMAC-SHA256-PAYLOAD (AWS example chain)', () => {
  const signing = {
    crypto: nodeCrypto,
    key: deriveSigningKey(nodeCrypto, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '20130524', 'us-east-1'),
    amzDate: '20130524T000000Z',
    scope: '20130524/us-east-1/s3/aws4_request',
    seedSignature: '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
  }
  const chunk = (data: Buffer, sig: string) =>
    Buffer.concat([
      Buffer.from(`${data.length.toString(16)};chunk-signature=${sig}\r\n`),
      data,
      Buffer.from('\r\n'),
    ])
  const body = () =>
    Buffer.concat([
      chunk(Buffer.alloc(65536, 'a'), 'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648'),
      chunk(Buffer.alloc(1024, 'a'), '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497'),
      chunk(Buffer.alloc(0), 'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9'),
    ])

  it('verifies the signature chain and yields the 66560 data bytes', async () => {
    const out = await collect(decodeAwsChunked(pieces(body(), 8192), { signing }))
    expect(out.equals(Buffer.alloc(66560, 'a'))).toBe(true)
  })

  it('fails with SignatureDoesNotMatch when a data byte changes', async () => {
    const tampered = body()
    tampered[70_000 - 5000] = 0x62
    expect(await codeOf(collect(decodeAwsChunked(pieces(tampered, 8192), { signing })))).toBe(
      'SignatureDoesNotMatch',
    )
  })
})

describe('payload verifiers', () => {
  it('each checksum algorithm gives its standard check value for "123456789"', async () => {
    const check: Record<string, string> = {
      crc32: 'cbf43926',
      crc32c: 'e3069283',
      crc64nvme: 'ae8b14860a799888',
      sha1: 'f7c3bc1d808e04732adf679965ccc34ca7ae3441',
      sha256: '15e2b0d3c33891ebb0f1ef609ec419420c20e320ce94c65fbc8c3312448eb225',
    }
    for (const [suffix, algorithm] of Object.entries(CHECKSUM_ALGORITHMS)) {
      const sum = algorithm.create()
      sum.update(Buffer.from('1234'))
      sum.update(Buffer.from('56789'))
      expect([suffix, Buffer.from(await sum.digest()).toString('hex')]).toEqual([suffix, check[suffix]])
    }
  })

  it('verifySha256 passes the body through, or fails with XAmzContentSHA256Mismatch', async () => {
    const data = Buffer.from('abc')
    const hex = createHash('sha256').update(data).digest('hex')
    expect((await collect(verifySha256(pieces(data, 1), hex))).toString()).toBe('abc')
    expect(await codeOf(collect(verifySha256(pieces(data, 1), '0'.repeat(64))))).toBe(
      'XAmzContentSHA256Mismatch',
    )
  })

  it('verifyChecksum fails with BadDigest on a wrong crc32', async () => {
    const data = Buffer.from('some data')
    const algorithm = CHECKSUM_ALGORITHMS.crc32!
    const ok = { algorithm, header: 'x-amz-checksum-crc32', expected: () => crc32Base64(data) }
    expect((await collect(verifyChecksum(pieces(data, 2), ok))).equals(data)).toBe(true)
    const bad = { algorithm, header: 'x-amz-checksum-crc32', expected: () => 'AAAAAA==' }
    expect(await codeOf(collect(verifyChecksum(pieces(data, 2), bad)))).toBe('BadDigest')
  })
})
