import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import {
  computeSignature,
  createChunkStringToSign,
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

const sha256 = (d: Buffer) => createHash('sha256').update(d).digest('hex')

/** PUTs `chunks` as a STREAMING-AWS4-HMAC-SHA256-PAYLOAD body; `tamper` edits the encoded body. */
async function putSignedChunks(key: string, chunks: Buffer[], tamper?: (body: Buffer) => void) {
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
})

describe('STREAMING-UNSIGNED-PAYLOAD-TRAILER', () => {
  async function putWithTrailer(key: string, data: Buffer, checksum: string) {
    const url = new URL(`${B}/${key}`, server.url)
    const body = Buffer.concat([
      Buffer.from(`${data.length.toString(16)}\r\n`),
      data,
      Buffer.from(`\r\n0\r\nx-amz-checksum-crc32:${checksum}\r\n\r\n`),
    ])
    const date = new Date()
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': formatAmzDate(date),
      'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(data.length),
      'x-amz-trailer': 'x-amz-checksum-crc32',
    }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'PUT', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date },
    )
    return send(url, 'PUT', { ...headers, authorization, 'content-length': String(body.length) }, body)
  }
  const crc = (d: Buffer) => {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(crc32(d))
    return b.toString('base64')
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
})
