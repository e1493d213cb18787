import { describe, expect, it } from 'vitest'
import { canonicalAmzHeadersV2 } from '../../../src/server/auth/sigv2/amz-headers.js'
import { canonicalResourceV2 } from '../../../src/server/auth/sigv2/canonical-resource.js'
import { computeSignatureV2, signaturesEqualV2 } from '../../../src/server/auth/sigv2/signature-v2.js'
import { createStringToSignV2 } from '../../../src/server/auth/sigv2/string-to-sign.js'

// The server's SigV2 pieces against the examples of AWS's "Signing and authenticating REST
// requests" (the guide's example credential).
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'

interface Example {
  method: string
  date: string
  path: string
  bucket?: string
}

describe('SigV2 pieces against AWS examples', () => {
  it.each<[string, Example, string]>([
    [
      'GET object, virtual host',
      {
        method: 'GET',
        date: 'Tue, 27 Mar 2007 19:36:42 +0000',
        path: '/photos/puppy.jpg',
        bucket: 'awsexamplebucket1',
      },
      'qgk2+6Sv9/oM7G3qLEjTH1a1l1g=',
    ],
    [
      'GET object, path style',
      { method: 'GET', date: 'Tue, 27 Mar 2007 19:36:42 +0000', path: '/johnsmith/photos/puppy.jpg' },
      'bWq2s1WEIj+Ydj0vQ697zp+IXMU=',
    ],
    [
      'query-string authentication (Expires on the Date line)',
      { method: 'GET', date: '1175139620', path: '/johnsmith/photos/puppy.jpg' },
      'NpgCjnDzrM+WFzoENXmpNDUsSn8=',
    ],
    [
      'DELETE with x-amz-date on the Date line',
      { method: 'DELETE', date: 'Tue, 27 Mar 2007 21:20:26 +0000', path: '/johnsmith/photos/puppy.jpg' },
      'lx3byBScXR6KzyMaifNkardMwNk=',
    ],
  ])('%s', (_, r, signature) => {
    const resource = canonicalResourceV2({
      encodedPath: r.path,
      query: [],
      ...(r.bucket ? { virtualHostBucket: r.bucket } : {}),
    })
    const stringToSign = createStringToSignV2({
      method: r.method,
      contentMd5: '',
      contentType: '',
      date: r.date,
      amzHeaders: '',
      resource,
    })
    expect(computeSignatureV2(SECRET, stringToSign)).toBe(signature)
  })
})

describe('canonicalResourceV2', () => {
  it.each<[string, Array<[string, string]>, string | undefined, string]>([
    ['/b/k', [], undefined, '/b/k'],
    ['/', [], 'bkt', '/bkt/'],
    [
      '/b/k',
      [
        ['uploadId', 'u1'],
        ['partNumber', '3'],
      ],
      undefined,
      '/b/k?partNumber=3&uploadId=u1',
    ],
    ['/b', [['acl', '']], undefined, '/b?acl'],
    // Parameters outside the signed set (listing arguments, SigV2's own) are not signed.
    [
      '/b',
      [
        ['prefix', 'p'],
        ['list-type', '2'],
        ['AWSAccessKeyId', 'a'],
        ['Expires', '1'],
      ],
      undefined,
      '/b',
    ],
    // Values decoded, as sent by name order (versionId before versioning: 'I' < 'i').
    [
      '/b/k',
      [
        ['versioning', ''],
        ['versionId', 'v 1'],
      ],
      undefined,
      '/b/k?versionId=v 1&versioning',
    ],
    ['/b/k', [['response-content-type', 'text/plain']], undefined, '/b/k?response-content-type=text/plain'],
  ])('%s %j (virtual host %s) → %s', (encodedPath, query, bucket, expected) => {
    const input = { encodedPath, query }
    expect(canonicalResourceV2(bucket ? { ...input, virtualHostBucket: bucket } : input)).toBe(expected)
  })
})

describe('canonicalAmzHeadersV2', () => {
  it('sorts x-amz-* headers, ignores others, keeps inner spaces, joins repeats with a comma', () => {
    const headers = {
      'x-amz-meta-b': 'two  spaces',
      'x-amz-acl': 'private',
      'content-type': 'text/plain',
      'x-amz-meta-r': 'a, b',
    }
    const rawHeaders = [
      'X-Amz-Meta-B',
      'two  spaces',
      'x-amz-acl',
      'private',
      'Content-Type',
      'text/plain',
      'x-amz-meta-r',
      'a',
      'X-AMZ-META-R',
      'b',
    ]
    expect(canonicalAmzHeadersV2({ method: 'PUT', headers, rawHeaders })).toBe(
      'x-amz-acl:private\nx-amz-meta-b:two  spaces\nx-amz-meta-r:a,b',
    )
  })

  it("adds a presigned query's x-amz-* parameters", () => {
    expect(canonicalAmzHeadersV2({ method: 'GET', headers: {} }, { 'x-amz-acl': 'public-read' })).toBe(
      'x-amz-acl:public-read',
    )
  })
})

describe('signaturesEqualV2', () => {
  const expected = computeSignatureV2('k', 'text')
  it('accepts the same signature, and a + the query turned into a space', () => {
    expect(signaturesEqualV2(expected, expected)).toBe(true)
    const withPlus = computeSignatureV2('k', 'GET\n\n\n1\n/x')
    expect(withPlus).toContain('+')
    expect(signaturesEqualV2(withPlus.replaceAll('+', ' '), withPlus)).toBe(true)
  })
  it('refuses another signature, a truncated one and one that is not base64', () => {
    expect(signaturesEqualV2(computeSignatureV2('k', 'other'), expected)).toBe(false)
    expect(signaturesEqualV2(expected.slice(0, 20), expected)).toBe(false)
    expect(signaturesEqualV2('!'.repeat(27) + '=', expected)).toBe(false)
  })
})
