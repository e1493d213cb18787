/**
 * The pure half of issue 12 defect 2's query case: which query parameters of a verified
 * presigned URL are request headers, and what is refused (never anything but a 4xx S3 error).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readHoistedHeaders } from '../../../src/server/auth/read-hoisted-headers.js'
import { isS3ServerError } from '../../../src/server/errors.js'

const AUTH: Array<[string, string]> = [
  ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
  ['X-Amz-Credential', 'AKID/20260101/us-east-1/s3/aws4_request'],
  ['X-Amz-Date', '20260101T000000Z'],
  ['X-Amz-Expires', '60'],
  ['X-Amz-SignedHeaders', 'host'],
  ['X-Amz-Security-Token', 'token'],
  ['X-Amz-Signature', 'ab'.repeat(32)],
]

function refusal(query: Array<[string, string]>, headers: Record<string, string> = {}) {
  try {
    readHoistedHeaders(query, headers)
  } catch (e) {
    if (isS3ServerError(e)) return { status: e.status, code: e.code, message: e.message }
    throw e
  }
  return undefined
}

describe('readHoistedHeaders', () => {
  it.each([
    ['no x-amz-* besides authentication', [...AUTH, ['prefix', 'a/'], ['x-id', 'PutObject']], undefined],
    [
      'x-amz-* parameters, any case, lower-cased',
      [...AUTH, ['x-amz-meta-a', 'b'], ['X-Amz-Storage-Class', 'REDUCED_REDUNDANCY']],
      { 'x-amz-meta-a': 'b', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
    ],
    [
      "the presigner's payload and checksum parameters",
      [
        ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
        ['x-amz-checksum-crc32', 'AAAAAA=='],
      ],
      { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', 'x-amz-checksum-crc32': 'AAAAAA==' },
    ],
    ['authentication names in another case are still not headers', [['x-amz-signature', 'x']], undefined],
    ['values trimmed as header values are', [['x-amz-meta-a', ' \tb c\t ']], { 'x-amz-meta-a': 'b c' }],
    ['UTF-8 seen as latin1 bytes, as Node shows headers', [['x-amz-meta-a', 'é']], { 'x-amz-meta-a': 'Ã©' }],
  ] as Array<[string, Array<[string, string]>, Record<string, string> | undefined]>)(
    '%s',
    (_, query, expected) => {
      expect(readHoistedHeaders(query, {})).toEqual(expected)
    },
  )

  it('a header also sent: the same value passes, another is 400 InvalidRequest', () => {
    const query: Array<[string, string]> = [['x-amz-meta-a', 'b']]
    expect(readHoistedHeaders(query, { 'x-amz-meta-a': 'b' })).toEqual({ 'x-amz-meta-a': 'b' })
    expect(refusal(query, { 'x-amz-meta-a': 'c' })).toMatchObject({ status: 400, code: 'InvalidRequest' })
  })

  it('x-amz-copy-source only in the query → 400 InvalidRequest; also sent as a header, it routed already', () => {
    const query: Array<[string, string]> = [['x-amz-copy-source', '/b/secret']]
    const refused = refusal(query)
    expect(refused).toMatchObject({ status: 400, code: 'InvalidRequest' })
    expect(refused?.message).toContain('x-amz-copy-source')
    expect(readHoistedHeaders(query, { 'x-amz-copy-source': '/b/secret' })).toEqual({
      'x-amz-copy-source': '/b/secret',
    })
    // The rest of the copy family is read by the handler, after routing: hoisting them is fine.
    expect(readHoistedHeaders([['x-amz-copy-source-range', 'bytes=0-1']], {})).toEqual({
      'x-amz-copy-source-range': 'bytes=0-1',
    })
  })

  it.each([
    [
      'twice',
      [
        ['x-amz-meta-a', '1'],
        ['X-AMZ-META-A', '1'],
      ],
    ],
    ['a control character', [['x-amz-meta-a', 'one\ntwo']]],
    ['a NUL', [['x-amz-meta-a', '\u0000']]],
    ['a name with a space', [['x-amz-meta-a b', '1']]],
    ['a name with a colon', [['x-amz-meta-a:', '1']]],
  ] as Array<[string, Array<[string, string]>]>)('400 InvalidArgument: %s', (_, query) => {
    expect(refusal(query)).toMatchObject({ status: 400, code: 'InvalidArgument' })
  })

  it('any query: headers Node could carry, or a 4xx S3 error, never anything else', () => {
    const name = fc.oneof(
      fc.string(),
      fc.string().map((s) => `x-amz-${s}`),
      fc.constantFrom('x-amz-copy-source'),
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.string({ unit: 'binary' })), { maxLength: 8 }), (query) => {
        let headers: Readonly<Record<string, string>> | undefined
        try {
          headers = readHoistedHeaders(query, {})
        } catch (e) {
          expect(isS3ServerError(e) && e.status >= 400 && e.status < 500, String(e)).toBe(true)
          return
        }
        for (const [n, v] of Object.entries(headers ?? {})) {
          expect(n).toMatch(/^x-amz-[!#$%&'*+\-.^_`|~0-9a-z]*$/)
          expect(v).not.toMatch(/[^\t\x20-\x7e\x80-\xff]/)
        }
      }),
      { numRuns: 500 },
    )
  })
})
