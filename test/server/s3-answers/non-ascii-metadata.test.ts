import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { formatAmzDate, signRequest } from '../../../src/shared/sigv4/index.js'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, send, sha256Hex, xmlField } from '../helpers/signed-request.js'
import { ROOT, type TestServer } from '../helpers/test-server.js'
import { awsClient } from './helpers.js'

/**
 * A PUT as botocore, Go or curl send it: the metadata value is signed as its UTF-8 bytes and the
 * same UTF-8 bytes go on the wire (Node writes a string header as latin-1, one byte per char).
 */
function putWithUtf8Header(server: TestServer, path: string, name: string, value: string) {
  const url = new URL(path, server.url)
  const body = 'x'
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(new Date()),
    'x-amz-content-sha256': sha256Hex(body),
    [name]: value,
  }
  const { authorization } = signRequest(
    nodeCrypto,
    { method: 'PUT', path: url.pathname, headers },
    { ...ROOT, region: 'us-east-1', date: new Date(), signedHeaders: Object.keys(headers) },
  )
  const wire = { ...headers, [name]: Buffer.from(value, 'utf8').toString('latin1'), authorization }
  return send(url, 'PUT', { ...wire, 'content-length': '1' }, Buffer.from(body))
}

/** RFC 2047 "B" encoding of UTF-8 text, as S3 returns non-ASCII metadata. */
const rfc2047 = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`

describe.each(BACKENDS)('non-ASCII x-amz-meta-* values (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/meta')
  })
  afterAll(() => server.stop())

  it('signed over their UTF-8 bytes, as sent: accepted; returned RFC 2047-encoded, as S3', async () => {
    const put = await putWithUtf8Header(server, '/meta/utf8', 'x-amz-meta-city', 'café 日本')
    expect([put.status, xmlField(put.text, 'Code')]).toEqual([200, undefined])
    const head = await s3(server.url, 'HEAD', '/meta/utf8')
    expect(head.headers['x-amz-meta-city']).toBe(rfc2047('café 日本'))
    const sdk = await awsClient(server).send(new HeadObjectCommand({ Bucket: 'meta', Key: 'utf8' }))
    expect(sdk.Metadata).toEqual({ city: rfc2047('café 日本') })
  })

  it('a UTF-8 byte that is latin-1 whitespace (0xA0 in "à") is not trimmed as a space', async () => {
    for (const value of ['voilà', 'à la carte', 'à  deux']) {
      const put = await putWithUtf8Header(server, '/meta/nbsp', 'x-amz-meta-word', value)
      expect([value, put.status]).toEqual([value, 200])
      const head = await s3(server.url, 'HEAD', '/meta/nbsp')
      expect(head.headers['x-amz-meta-word']).toBe(rfc2047(value))
    }
  })

  it('bytes appended in flight that are whitespace only past ASCII (NBSP) break the signature', async () => {
    const url = new URL('/meta/appended', server.url)
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': formatAmzDate(new Date()),
      'x-amz-content-sha256': sha256Hex(''),
      'x-amz-meta-note': 'signed',
    }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'PUT', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date: new Date(), signedHeaders: Object.keys(headers) },
    )
    // U+00A0 as one latin-1 byte, and as UTF-8 (C2 A0); then U+2003 (E2 80 83) in UTF-8.
    for (const tail of ['\u00a0', '\u00c2\u00a0', '\u00e2\u0080\u0083']) {
      const wire = { ...headers, 'x-amz-meta-note': `signed${tail}`, authorization }
      const res = await send(url, 'PUT', { ...wire, 'content-length': '0' }, Buffer.alloc(0))
      expect([JSON.stringify(tail), res.status]).toEqual([JSON.stringify(tail), 403])
    }
  })

  it('a wrong signature over such a value is still SignatureDoesNotMatch', async () => {
    const url = new URL('/meta/forged', server.url)
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': formatAmzDate(new Date()),
      'x-amz-content-sha256': sha256Hex(''),
      'x-amz-meta-city': 'café',
    }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'PUT', path: url.pathname, headers },
      { ...ROOT, region: 'us-east-1', date: new Date(), signedHeaders: Object.keys(headers) },
    )
    const wire = {
      ...headers,
      'x-amz-meta-city': Buffer.from('cafè', 'utf8').toString('latin1'),
      authorization,
    }
    const res = await send(url, 'PUT', { ...wire, 'content-length': '0' }, Buffer.alloc(0))
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([403, 'SignatureDoesNotMatch'])
  })

  it('through the JS SDK (UTF-8 on the wire too): the same', async () => {
    const client = awsClient(server)
    await client.send(
      new PutObjectCommand({ Bucket: 'meta', Key: 'sdk', Body: 'x', Metadata: { note: 'café' } }),
    )
    const head = await client.send(new HeadObjectCommand({ Bucket: 'meta', Key: 'sdk' }))
    expect(head.Metadata).toEqual({ note: rfc2047('café') })
  })

  it('a signer that sent latin-1 bytes but signed the chars as UTF-8 (Node http) still works', async () => {
    // s3() signs the string as UTF-8 and Node writes it as latin-1: 'é' goes out as one byte.
    const put = await s3(server.url, 'PUT', '/meta/latin1', {
      body: 'x',
      headers: { 'x-amz-meta-note': 'café' },
    })
    expect(put.status).toBe(200)
    const head = await s3(server.url, 'HEAD', '/meta/latin1')
    expect(head.headers['x-amz-meta-note']).toBe(rfc2047('café'))
  })

  it('ASCII values are returned as they are', async () => {
    await s3(server.url, 'PUT', '/meta/ascii', { body: 'x', headers: { 'x-amz-meta-plain': 'just text' } })
    const head = await s3(server.url, 'HEAD', '/meta/ascii')
    expect(head.headers['x-amz-meta-plain']).toBe('just text')
  })
})
