import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient } from './helpers.js'

describe.each(BACKENDS)('ListObjectsV2 tokens and name encoding (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/tokens')
    await s3(server.url, 'PUT', '/tokens/a%0Ab', { body: 'x' })
    await s3(server.url, 'PUT', '/tokens/c', { body: 'y' })
  })
  afterAll(() => server.stop())

  it('an empty continuation-token= is no token: the first page', async () => {
    const res = await s3(server.url, 'GET', '/tokens?list-type=2&continuation-token=')
    expect(res.status).toBe(200)
    expect(xmlField(res.text, 'KeyCount')).toBe('2')
    expect(res.text).not.toContain('<ContinuationToken>')
    // The SDK sends ContinuationToken: '' as `continuation-token=` too.
    const page = await awsClient(server).send(
      new ListObjectsV2Command({ Bucket: 'tokens', ContinuationToken: '' }),
    )
    expect(page.KeyCount).toBe(2)
  })

  it('names are sent as they are unless encoding-type=url was asked for', async () => {
    const plain = await s3(server.url, 'GET', '/tokens?list-type=2&prefix=a%0A&delimiter=%0A')
    expect(xmlField(plain.text, 'Prefix')).toBe('a\n')
    expect(xmlField(plain.text, 'Key')).toBe('a\nb')
    expect(plain.text).not.toContain('%0A')
    expect(plain.text).not.toContain('<EncodingType>')
    const encoded = await s3(server.url, 'GET', '/tokens?list-type=2&prefix=a%0A&encoding-type=url')
    expect(xmlField(encoded.text, 'Prefix')).toBe('a%0A')
    expect(xmlField(encoded.text, 'Key')).toBe('a%0Ab')
  })

  it('through the SDK, the newline prefix and key come back as they are', async () => {
    const page = await awsClient(server).send(new ListObjectsV2Command({ Bucket: 'tokens', Prefix: 'a\n' }))
    expect(page.Prefix).toBe('a\n')
    expect(page.Contents?.map((o) => o.Key)).toEqual(['a\nb'])
  })
})
