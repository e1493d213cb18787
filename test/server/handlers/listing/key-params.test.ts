/**
 * Listing parameters that name a key position (prefix, marker, start-after, a continuation
 * token's key, key-marker, upload-id-marker) are bounded like keys. Found by
 * test/property/requests.property.test.ts (issue 12): one longer than the store's largest key
 * answered 500 InternalError (LMDB: "offset is out of bounds").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3, xmlField } from '../../helpers/signed-request.js'
import { startTestServer, type TestServer } from '../../helpers/test-server.js'

let server: TestServer
const B = '/key-params'
// Past the store's largest key (these answered 500 before), and just past S3's bound.
const LONG = 'a'.repeat(4000)
const JUST_PAST = 'a'.repeat(1025)
const TOKEN = Buffer.from(`1:${LONG}`).toString('base64url')

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', B)).status).toBe(200)
  expect((await s3(server.url, 'PUT', `${B}/k`, { body: 'x' })).status).toBe(200)
})
afterAll(() => server.stop())

describe('listing parameters past 1,024 bytes of UTF-8', () => {
  it.each([
    ['prefix', `prefix=${LONG}`],
    ['prefix', `prefix=${JUST_PAST}`],
    ['marker', `marker=${LONG}`],
    ['start-after', `list-type=2&start-after=${LONG}`],
    ['prefix', `list-type=2&prefix=${LONG}`],
    ['continuation-token', `list-type=2&continuation-token=${TOKEN}`],
    ['prefix', `uploads&prefix=${LONG}`],
    ['key-marker', `uploads&key-marker=${LONG}`],
    ['upload-id-marker', `uploads&key-marker=k&upload-id-marker=${LONG}`],
  ])('%s (%#) is InvalidArgument naming it', async (name, query) => {
    const res = await s3(server.url, 'GET', `${B}?${query}`)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidArgument')
    expect(xmlField(res.text, 'ArgumentName')).toBe(name)
  })

  it('1,024 bytes (341 three-byte characters and one more byte) are still a valid position', async () => {
    const prefix = encodeURIComponent(`${'€'.repeat(341)}a`)
    const res = await s3(server.url, 'GET', `${B}?list-type=2&prefix=${prefix}&start-after=${prefix}`)
    expect(res.status).toBe(200)
    expect(xmlField(res.text, 'KeyCount')).toBe('0')
  })
})
