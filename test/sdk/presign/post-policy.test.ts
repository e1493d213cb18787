import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  AnonymousRequestError,
  Client,
  InvalidArgumentError,
  InvalidBucketNameError,
  PostPolicy,
} from '../../../src/index.js'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { deriveSigningKey } from '../../../src/shared/sigv4/signing-key.js'

const client = (options: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({
    endPoint: 'localhost',
    port: 9000,
    useSSL: false,
    accessKey: 'AK',
    secretKey: 'SECRETKEY',
    region: 'eu-west-1',
    ...options,
  })

const decode = (policy: string) => JSON.parse(atob(policy)) as { expiration: string; conditions: unknown[] }

describe('PostPolicy and presignedPostPolicy', () => {
  it('gives the form fields minio-js gives, signed with the day’s signing key', async () => {
    const policy = client().newPostPolicy()
    policy.setBucket('uploads')
    policy.setKey('a/b.txt')
    policy.setContentType('text/plain')
    policy.setContentLengthRange(1, 1024)
    policy.setUserMetaData({ owner: 'ada' })
    const { postURL, formData } = await client().presignedPostPolicy(policy)
    expect(postURL).toBe('http://localhost:9000/uploads')
    expect(Object.keys(formData).sort()).toEqual(
      [
        'bucket',
        'key',
        'Content-Type',
        'x-amz-meta-owner',
        'x-amz-date',
        'x-amz-algorithm',
        'x-amz-credential',
        'policy',
        'x-amz-signature',
      ].sort(),
    )
    const date = formData['x-amz-date']!.slice(0, 8)
    expect(formData['x-amz-credential']).toBe(`AK/${date}/eu-west-1/s3/aws4_request`)
    const key = deriveSigningKey(nodeCrypto, 'SECRETKEY', date, 'eu-west-1')
    expect(formData['x-amz-signature']).toBe(createHmac('sha256', key).update(formData.policy!).digest('hex'))
    const { conditions, expiration } = decode(formData.policy!)
    expect(conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$bucket', 'uploads'],
        ['eq', '$key', 'a/b.txt'],
        ['content-length-range', 1, 1024],
        ['eq', '$x-amz-meta-owner', 'ada'],
        ['eq', '$x-amz-algorithm', 'AWS4-HMAC-SHA256'],
      ]),
    )
    // No expiry set: 7 days ahead.
    expect(Date.parse(expiration) - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
  })

  it('replaces a condition set twice and leaves the policy unchanged when signing', async () => {
    const policy = new PostPolicy()
    policy.setBucket('uploads')
    policy.setKey('first.txt')
    policy.setKey('second.txt')
    policy.setContentLengthRange(0, 10)
    policy.setContentLengthRange(5, 20)
    const before = JSON.stringify(policy.policy)
    const { formData } = await client().presignedPostPolicy(policy)
    await client().presignedPostPolicy(policy)
    expect(JSON.stringify(policy.policy)).toBe(before)
    const { conditions } = decode(formData.policy!)
    expect(conditions.filter((c) => (c as string[])[1] === '$key')).toEqual([['eq', '$key', 'second.txt']])
    expect(conditions.filter((c) => (c as string[])[0] === 'content-length-range')).toEqual([
      ['content-length-range', 5, 20],
    ])
    expect(formData.key).toBe('second.txt')
  })

  it('adds the session token as a field and a condition', async () => {
    const policy = new PostPolicy()
    policy.setBucket('uploads')
    const { formData } = await client({ sessionToken: 'TOKEN' }).presignedPostPolicy(policy)
    expect(formData['x-amz-security-token']).toBe('TOKEN')
    expect(decode(formData.policy!).conditions).toContainEqual(['eq', '$x-amz-security-token', 'TOKEN'])
  })

  it('refuses bad input by name', async () => {
    const policy = new PostPolicy()
    expect(() => policy.setBucket('Bad_Bucket')).toThrow(InvalidBucketNameError)
    expect(() => policy.setContentLengthRange(10, 1)).toThrow(/min 10 is more than max 1/)
    expect(() => policy.setExpires(new Date('nope'))).toThrow(InvalidArgumentError)
    expect(() => policy.setSuccessActionStatus(302 as never)).toThrow(/200, 201 or 204/)
    await expect(client().presignedPostPolicy(policy)).rejects.toThrow(/call setBucket first/)
    policy.setBucket('uploads')
    await expect(client({ secretKey: '' }).presignedPostPolicy(policy)).rejects.toBeInstanceOf(
      AnonymousRequestError,
    )
    await expect(client().presignedPostPolicy({} as never)).rejects.toBeInstanceOf(TypeError)
  })
})
