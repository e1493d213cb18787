import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import {
  computeSignature,
  createChunkStringToSign,
  createTrailerStringToSign,
  deriveSigningKey,
  formatAmzDate,
  signRequest,
} from '../../src/shared/sigv4/index.js'
import { md5Hex, s3, send, xmlField } from './helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from './helpers/test-server.js'

let server: TestServer
const B = '/streaming-bucket'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', B)).status).toBe(200)
})
afterAll(() => server.stop())

const sha256 = (d: Buffer | string) => createHash('sha256').update(d).digest('hex')
const crc = (d: Buffer) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(crc32(d))
  return b.toString('base64')
}

/**
 * PUTs `chunks` as a STREAMING-AWS4-HMAC-SHA256-PAYLOAD body; `tamper` edits the encoded body;
 * `trailerLines` (each ending in CRLF) are appended after the final chunk, unsigned.
 */
async function putSignedChunks(
  key: string,
  chunks: Buffer[],
  tamper?: (body: Buffer) => void,
  trailerLines = '',
) {
  const url = new URL(`${B}/${key}`, server.url)
  const date = new Date()
  const decodedLength = chunks.reduce((n, c) => n + c.length, 0)
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(date),
    'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    'content-encoding': 'aws-chunked',
    'x-amz-decoded-content-length': String(decodedLength),
  }
  const seed = signRequest(
    nodeCrypto,
    { method: 'PUT', path: url.pathname, headers },
    { ...ROOT, region: 'us-east-1', date },
  )
  const key4 = deriveSigningKey(nodeCrypto, ROOT.secretKey, seed.amzDate.slice(0, 8), 'us-east-1')
  let previous = seed.signature
  const parts: Buffer[] = []
  for (const chunk of [...chunks, Buffer.alloc(0)]) {
    previous = computeSignature(
      nodeCrypto,
      key4,
      createChunkStringToSign(seed.amzDate, seed.scope, previous, sha256(chunk)),
    )
    parts.push(
      Buffer.from(`${chunk.length.toString(16)};chunk-signature=${previous}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    )
  }
  // The final chunk's CRLF above ends the body when there is no trailer; trailer lines go before it.
  if (trailerLines !== '') parts.splice(parts.length - 1, 0, Buffer.from(trailerLines))
  const body = Buffer.concat(parts)
  tamper?.(body)
  return send(
    url,
    'PUT',
    { ...headers, authorization: seed.authorization, 'content-length': String(body.length) },
    body,
  )
}

describe('STREAMING-AWS4-HMAC-SHA256-PAYLOAD', () => {
  const chunks = [Buffer.alloc(64 * 1024, 'a'), Buffer.alloc(1000, 'b')]

  it('stores a body whose chunk signatures verify', async () => {
    const res = await putSignedChunks('signed', chunks)
    expect(res.status).toBe(200)
    expect(res.headers.etag).toBe(`"${md5Hex(Buffer.concat(chunks))}"`)
    expect((await s3(server.url, 'GET', `${B}/signed`)).body.equals(Buffer.concat(chunks))).toBe(true)
  })

  it('rejects a tampered chunk with SignatureDoesNotMatch and stores nothing', async () => {
    const res = await putSignedChunks('tampered', chunks, (body) => {
      body[1000] = 0x7a
    })
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
    expect((await s3(server.url, 'HEAD', `${B}/tampered`)).status).toBe(404)
  })

  it('an unsigned trailer appended to a signed stream → 403 SignatureDoesNotMatch, nothing stored', async () => {
    const res = await putSignedChunks(
      'appended-trailer',
      chunks,
      undefined,
      'x-amz-checksum-crc32:AAAAAA==\r\n',
    )
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
    expect((await s3(server.url, 'HEAD', `${B}/appended-trailer`)).status).toBe(404)
  })
})

describe('STREAMING-UNSIGNED-PAYLOAD-TRAILER', () => {
  async function putWithTrailer(key: string, data: Buffer, checksum: string | undefined) {
    const trailer = checksum === undefined ? '' : `x-amz-checksum-crc32:${checksum}\r\n`
    const body = Buffer.concat([
      Buffer.from(`${data.length.toString(16)}\r\n`),
      data,
      Buffer.from(`\r\n0\r\n${trailer}\r\n`),
    ])
    return s3(server.url, 'PUT', `${B}/${key}`, {
      body,
      payloadHash: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      headers: {
        'content-encoding': 'aws-chunked',
        'x-amz-decoded-content-length': String(data.length),
        'x-amz-trailer': 'x-amz-checksum-crc32',
      },
    })
  }
  it('stores the decoded body when the CRC32 trailer matches, without aws-chunked in Content-Encoding', async () => {
    const data = Buffer.from('trailer checked body')
    expect((await putWithTrailer('trailer-ok', data, crc(data))).status).toBe(200)
    const got = await s3(server.url, 'GET', `${B}/trailer-ok`)
    expect(got.text).toBe('trailer checked body')
    expect(got.headers['content-encoding']).toBeUndefined()
  })

  it('rejects a wrong CRC32 trailer with BadDigest and stores nothing', async () => {
    const res = await putWithTrailer('trailer-bad', Buffer.from('some body'), 'AAAAAA==')
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('BadDigest')
    expect((await s3(server.url, 'HEAD', `${B}/trailer-bad`)).status).toBe(404)
  })

  it('a declared trailer that never comes → 400 MalformedTrailerError, nothing stored (the checksum is not skipped)', async () => {
    const res = await putWithTrailer('trailer-missing', Buffer.from('some body'), undefined)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('MalformedTrailerError')
    expect((await s3(server.url, 'HEAD', `${B}/trailer-missing`)).status).toBe(404)
  })
})

describe('STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER (issue 12, defect 8: the trailer must be signed)', () => {
  type TrailerSignature = 'valid' | 'missing' | 'wrong'

  /** PUTs `data` as one signed chunk and a CRC32 trailer (value `checksum`) signed as `how`. */
  async function putSignedTrailer(key: string, data: Buffer, how: TrailerSignature, checksum = crc(data)) {
    const url = new URL(`${B}/${key}`, server.url)
    const date = new Date()
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': formatAmzDate(date),
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER',
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(data.length),
      'x-amz-trailer': 'x-amz-checksum-crc32',
    }
    const seed = signRequest(
      nodeCrypto,
      { method: 'PUT', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date },
    )
    const key4 = deriveSigningKey(nodeCrypto, ROOT.secretKey, seed.amzDate.slice(0, 8), 'us-east-1')
    const chunkSig = (previous: string, chunk: Buffer) =>
      computeSignature(
        nodeCrypto,
        key4,
        createChunkStringToSign(seed.amzDate, seed.scope, previous, sha256(chunk)),
      )
    const first = chunkSig(seed.signature, data)
    const last = chunkSig(first, Buffer.alloc(0))
    const trailer = `x-amz-checksum-crc32:${checksum}`
    const signedOver = how === 'wrong' ? `x-amz-checksum-crc32:${crc(Buffer.from('other'))}` : trailer
    const trailerSig = computeSignature(
      nodeCrypto,
      key4,
      createTrailerStringToSign(seed.amzDate, seed.scope, last, sha256(`${signedOver}\n`)),
    )
    const body = Buffer.concat([
      Buffer.from(`${data.length.toString(16)};chunk-signature=${first}\r\n`),
      data,
      Buffer.from(`\r\n0;chunk-signature=${last}\r\n${trailer}\r\n`),
      Buffer.from(how === 'missing' ? '' : `x-amz-trailer-signature:${trailerSig}\r\n`),
      Buffer.from('\r\n'),
    ])
    return send(
      url,
      'PUT',
      { ...headers, authorization: seed.authorization, 'content-length': String(body.length) },
      body,
    )
  }

  it('stores a body whose chunks and trailer signatures verify', async () => {
    const data = Buffer.from('signed trailer body')
    expect((await putSignedTrailer('strailer-ok', data, 'valid')).status).toBe(200)
    expect((await s3(server.url, 'GET', `${B}/strailer-ok`)).text).toBe('signed trailer body')
  })

  it('a trailer without x-amz-trailer-signature → 403 SignatureDoesNotMatch, nothing stored', async () => {
    const res = await putSignedTrailer('strailer-unsigned', Buffer.from('x'), 'missing')
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
    expect((await s3(server.url, 'HEAD', `${B}/strailer-unsigned`)).status).toBe(404)
  })

  it('a trailer whose signature covers other values → 403 SignatureDoesNotMatch, nothing stored', async () => {
    const res = await putSignedTrailer('strailer-wrong', Buffer.from('x'), 'wrong')
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('SignatureDoesNotMatch')
    expect((await s3(server.url, 'HEAD', `${B}/strailer-wrong`)).status).toBe(404)
  })
})
