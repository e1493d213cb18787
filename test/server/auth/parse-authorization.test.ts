import { describe, expect, it } from 'vitest'
import { parseAuthorization } from '../../../src/server/auth/parse-authorization.js'
import { parseAuthorizationHeader } from '../../../src/shared/sigv4/authorization-header.js'

const PREFIX =
  'AWS4-HMAC-SHA256 Credential=AKID/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature='

describe('parseAuthorization (prefix cached per client)', () => {
  it('parses repeated headers that differ only in signature exactly as a full parse does', () => {
    for (const digit of ['a', 'b', 'c']) {
      const header = PREFIX + digit.repeat(64)
      expect(parseAuthorization(header)).toEqual(parseAuthorizationHeader(header))
      expect(parseAuthorization(header).signature).toBe(digit.repeat(64))
    }
  })

  it('keeps clients apart: alternating credentials each parse as their own', () => {
    const other = PREFIX.replace('AKID', 'OTHER')
    for (let i = 0; i < 3; i++) {
      expect(parseAuthorization(PREFIX + 'a'.repeat(64)).credential.accessKey).toBe('AKID')
      expect(parseAuthorization(other + 'b'.repeat(64)).credential.accessKey).toBe('OTHER')
    }
  })

  it('still refuses a malformed signature after the prefix was cached', () => {
    parseAuthorization(PREFIX + 'd'.repeat(64))
    expect(() => parseAuthorization(PREFIX + 'Z'.repeat(64))).toThrow(/64 lower-case hex/)
  })

  it('does not cache a header whose last component is not the signature', () => {
    const odd = `AWS4-HMAC-SHA256 Credential=AKID/20130524/us-east-1/s3/aws4_request, SignedHeaders=host, XSignature=${'e'.repeat(64)}`
    expect(() => parseAuthorization(odd)).toThrow(/missing 'Signature='/)
    expect(() => parseAuthorization(odd)).toThrow(/missing 'Signature='/)
  })
})
