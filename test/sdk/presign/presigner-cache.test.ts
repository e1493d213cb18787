import { describe, expect, it } from 'vitest'
import { Client, CredentialProvider } from '../../../src/index.js'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { presignRequest } from '../../../src/shared/sigv4/sign-request.js'

// The presigner keeps what one second's URLs share (encoded X-Amz-* query, string-to-sign head,
// signing key). Every URL must still be signed for its own expiry, region, date and credentials:
// each is checked against the shared, AWS-vector-tested presignRequest.
const at = new Date(Date.UTC(2026, 10, 28, 15, 30, 0, 250))

function expected(
  url: string,
  credentials: { accessKey: string; secretKey: string; sessionToken?: string },
  region: string,
  date: Date,
  expires: number,
): string {
  const { pathname, host } = new URL(url)
  const { signature } = presignRequest(
    nodeCrypto,
    { method: 'GET', path: pathname, headers: { host } },
    { ...credentials, region, date, expires },
  )
  return signature
}

const signatureOf = (url: string) => new URL(url).searchParams.get('X-Amz-Signature')

describe('presigner caches', () => {
  it('signs each URL of one second for its own expiry, key, region and date', async () => {
    const credentials = { accessKey: 'AK', secretKey: 'SECRETKEY' }
    const eu = new Client({
      endPoint: 'localhost',
      port: 9000,
      useSSL: false,
      region: 'eu-west-2',
      ...credentials,
    })
    const us = new Client({
      endPoint: 'localhost',
      port: 9000,
      useSSL: false,
      region: 'us-east-1',
      ...credentials,
    })
    const later = new Date(at.getTime() + 86_400_000)
    const cases: Array<[Client, string, string, number, Date]> = [
      [eu, 'eu-west-2', 'a', 60, at],
      [eu, 'eu-west-2', 'a', 120, at],
      [eu, 'eu-west-2', 'b/c d', 120, at],
      [us, 'us-east-1', 'a', 120, at],
      [eu, 'eu-west-2', 'a', 120, later],
      [eu, 'eu-west-2', 'a', 60, at],
    ]
    for (const [client, region, key, expires, date] of cases) {
      const url = await client.presignedGetObject('photos', key, expires, {}, date)
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(expires))
      expect(signatureOf(url)).toBe(expected(url, credentials, region, date, expires))
    }
  })

  it('signs with new credentials as soon as they change, within the same second', async () => {
    const client = new Client({
      endPoint: 'localhost',
      port: 9000,
      useSSL: false,
      region: 'us-east-1',
      accessKey: 'AK',
      secretKey: 'SK1',
    })
    const first = await client.presignedGetObject('photos', 'a', 60, {}, at)
    expect(signatureOf(first)).toBe(
      expected(first, { accessKey: 'AK', secretKey: 'SK1' }, 'us-east-1', at, 60),
    )
    const next = { accessKey: 'AK2', secretKey: 'SK2', sessionToken: 'TOKEN' }
    await client.setCredentialsProvider(new CredentialProvider(next))
    const second = await client.presignedGetObject('photos', 'a', 60, {}, at)
    const query = new URL(second).searchParams
    expect(query.get('X-Amz-Credential')).toMatch(/^AK2\//)
    expect(query.get('X-Amz-Security-Token')).toBe('TOKEN')
    expect(signatureOf(second)).toBe(expected(second, next, 'us-east-1', at, 60))
  })
})
