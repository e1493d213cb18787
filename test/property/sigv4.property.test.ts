/**
 * SigV4 parsers under hostile input (issue 12): the Authorization header, the credential, the
 * presigned query and the x-amz-date never crash, and answer only 4xx S3 errors; over HTTP,
 * mutated Authorization headers and presigned URLs never get a 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { parseAuthorization } from '../../src/server/auth/parse-authorization.js'
import {
  canonicalQueryString,
  formatAmzDate,
  parseAmzDate,
  parseAuthorizationHeader,
  parseCredential,
  parsePresignedQuery,
  parseQueryString,
  presignRequest,
  signRequest,
} from '../../src/shared/sigv4/index.js'
import { s3, sha256Hex } from '../server/helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { expectClientError, expectNoServerError, parseOrClientError } from './helpers/client-error.js'
import { hostileVariantOf, latin1Text, mutationOf, percentEncode } from './helpers/mutate.js'
import { sendRaw } from './helpers/raw-http.js'

const SIGNATURE = 'f'.repeat(64)
const VALID_HEADERS = [
  `AWS4-HMAC-SHA256 Credential=AKID/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${SIGNATURE}`,
  `AWS4-HMAC-SHA256 Credential=a/b/c/20130524//s3/aws4_request,SignedHeaders=host,Signature=${SIGNATURE}`,
]

function outcome(parse: () => unknown): unknown {
  try {
    return { value: parse() }
  } catch (e) {
    return { code: expectClientError(e), message: (e as Error).message }
  }
}

describe('SigV4 parsers (unit)', () => {
  it('parseAuthorizationHeader: parses or throws a 4xx code; the cached parse agrees with it', () => {
    fc.assert(
      fc.property(hostileVariantOf(...VALID_HEADERS), (header) => {
        const full = outcome(() => parseAuthorizationHeader(header))
        // Twice: the second call may be served from the prefix cache.
        expect(outcome(() => parseAuthorization(header))).toEqual(full)
        expect(outcome(() => parseAuthorization(header))).toEqual(full)
      }),
      { numRuns: 300 },
    )
  })

  it('parseAuthorization: a header whose signature differs from a cached one parses as a full parse does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID_HEADERS), mutationOf(SIGNATURE), (valid, signature) => {
        parseAuthorization(valid)
        const header = valid.slice(0, -64) + signature
        expect(outcome(() => parseAuthorization(header))).toEqual(
          outcome(() => parseAuthorizationHeader(header)),
        )
      }),
      { numRuns: 500 },
    )
  })

  it('parseCredential: parses (and the scope rebuilds it) or throws the code asked for', () => {
    fc.assert(
      fc.property(hostileVariantOf('AKID/20130524/us-east-1/s3/aws4_request'), (value) => {
        const credential = parseOrClientError(() => parseCredential(value, 'AuthorizationHeaderMalformed'))
        if (credential) expect(`${credential.accessKey}/${credential.scope}`).toBe(value)
      }),
      { numRuns: 300 },
    )
  })

  it('parseAmzDate: undefined, or a time that formats back to exactly the value read', () => {
    const digits = fc.stringMatching(/^\d{8}T\d{6}Z$/)
    fc.assert(
      fc.property(fc.oneof(digits, hostileVariantOf('20130524T000000Z', '20240229T235959Z')), (value) => {
        const ms = parseAmzDate(value)
        if (ms !== undefined) expect(formatAmzDate(new Date(ms))).toBe(value)
      }),
      { numRuns: 500 },
    )
  })

  const date = new Date(Date.UTC(2013, 4, 24))
  const presigned = presignRequest(
    nodeCrypto,
    { method: 'GET', path: '/b/k', headers: { host: 'localhost' }, query: [['versionId', 'x']] },
    { accessKey: 'AKID', secretKey: 'secret', region: 'us-east-1', date, expires: 3600 },
  ).query
  const validQuery = presigned.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')

  it('parseQueryString + parsePresignedQuery: a URIError for a bad escape, else a parse or a 4xx code', () => {
    fc.assert(
      fc.property(hostileVariantOf(validQuery).map(latin1), (raw) => {
        let pairs: Array<[string, string]>
        try {
          pairs = parseQueryString(raw)
        } catch (e) {
          // Documented: the router turns it into InvalidArgument.
          expect(e).toBeInstanceOf(URIError)
          return
        }
        // The canonical query of whatever parsed is computable (verification needs it).
        expect(typeof canonicalQueryString(pairs, 'X-Amz-Signature')).toBe('string')
        const parsed = parseOrClientError(() => parsePresignedQuery(pairs))
        if (parsed) {
          expect(parsed.expires).toBeGreaterThanOrEqual(1)
          expect(parsed.expires).toBeLessThanOrEqual(604_800)
          expect(Number.isFinite(parsed.signedAt)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('parsePresignedQuery: any pairs of hostile names and values parse or throw a 4xx code', () => {
    const names = fc.oneof(fc.constantFrom(...presigned.map(([k]) => k)), latin1Text(12))
    const pairs = fc.array(fc.tuple(names, latin1Text(60)), { maxLength: 10 })
    const base = fc.shuffledSubarray(presigned)
    fc.assert(
      fc.property(base, pairs, (kept, extra) => {
        parseOrClientError(() => parsePresignedQuery([...kept, ...extra]))
      }),
      { numRuns: 500 },
    )
  })
})

function latin1(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1')
}

/** A request target as a client could put it on the request line: no space or control bytes. */
function wireTarget(s: string): string {
  return s.replace(/[^!-~]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`)
}

describe('SigV4 over HTTP (server)', () => {
  let server: TestServer
  const BUCKET = '/sigv4-property'
  const KEY = `${BUCKET}/k`

  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', BUCKET)).status).toBe(200)
    expect((await s3(server.url, 'PUT', KEY, { body: 'hello' })).status).toBe(200)
  })
  afterAll(() => server.stop())

  /** The headers of a correctly signed GET of the object, now. */
  function signedHeaders(): Record<string, string> & { authorization: string } {
    const date = new Date()
    const headers: Record<string, string> = {
      host: new URL(server.url).host,
      'x-amz-date': formatAmzDate(date),
      'x-amz-content-sha256': sha256Hex(''),
    }
    const { authorization } = signRequest(
      nodeCrypto,
      { method: 'GET', path: KEY, headers },
      { ...ROOT, region: 'us-east-1', date },
    )
    return { ...headers, authorization }
  }

  it('the signed request itself succeeds (the mutations below start from a valid one)', async () => {
    const res = await sendRaw(server.port, 'GET', KEY, Object.entries(signedHeaders()))
    expect(res.status).toBe(200)
    expect(res.text).toBe('hello')
  })

  it('a mutated Authorization header never gets a 5xx', async () => {
    const valid = signedHeaders().authorization
    await fc.assert(
      fc.asyncProperty(mutationOf(valid).map(latin1), async (authorization) => {
        const headers = { ...signedHeaders(), authorization }
        expectNoServerError(await sendRaw(server.port, 'GET', KEY, Object.entries(headers)))
      }),
      { numRuns: 150 },
    )
  })

  it('mutated, hostile or repeated x-amz-date, x-amz-content-sha256, Date, host and token headers never get a 5xx', async () => {
    const name = fc.constantFrom('x-amz-date', 'x-amz-content-sha256', 'date', 'host', 'x-amz-security-token')
    await fc.assert(
      fc.asyncProperty(
        name,
        latin1Text(80),
        fc.boolean(),
        fc.boolean(),
        async (header, text, mutate, repeat) => {
          const headers = signedHeaders()
          const old = headers[header] ?? ''
          const value = mutate ? old.slice(0, text.length % (old.length + 1)) + text : text
          // Replaced, or sent a second time after the signed one (the server then reads rawHeaders).
          const sent = repeat
            ? [...Object.entries(headers), [header, value] as const]
            : Object.entries({ ...headers, [header]: value })
          expectNoServerError(await sendRaw(server.port, 'GET', KEY, sent))
        },
      ),
      { numRuns: 150 },
    )
  })

  it('a mutated presigned URL never gets a 5xx', async () => {
    const host = new URL(server.url).host
    const valid = presignRequest(
      nodeCrypto,
      { method: 'GET', path: KEY, headers: { host } },
      { ...ROOT, region: 'us-east-1', date: new Date(), expires: 600 },
    )
      .query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&')
    const res = await sendRaw(server.port, 'GET', `${KEY}?${valid}`, [['host', host]])
    expect(res.status).toBe(200)
    await fc.assert(
      fc.asyncProperty(mutationOf(valid).map(latin1), async (query) => {
        const answer = await sendRaw(server.port, 'GET', `${KEY}?${wireTarget(query)}`, [['host', host]])
        expectNoServerError(answer)
      }),
      { numRuns: 150 },
    )
  })

  it('a presigned PUT whose signed query hoists hostile x-amz-* headers answers 200 or a 4xx code', async () => {
    const host = new URL(server.url).host
    const name = fc.oneof(
      fc.constantFrom(
        'x-amz-meta-a',
        'X-Amz-Meta-B',
        'x-amz-storage-class',
        'x-amz-copy-source',
        'x-amz-acl',
      ),
      fc.constantFrom(
        'x-amz-checksum-crc32',
        'x-amz-checksum-sha256',
        'x-amz-tagging',
        'x-amz-content-sha256',
      ),
      fc.constantFrom('x-amz-decoded-content-length', 'x-amz-trailer', 'X-Amz-Date', 'x-amz-'),
      latin1Text(12).map((n) => `x-amz-${n}`),
    )
    const value = fc.oneof(
      fc.constantFrom('STANDARD', 'REDUCED_REDUNDANCY', '/sigv4-property/k', 'AAAAAA=='),
      latin1Text(60),
    )
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 3 }), async (hoisted) => {
        const path = `${BUCKET}/presigned-${n++}`
        const query = presignRequest(
          nodeCrypto,
          { method: 'PUT', path, headers: { host }, query: hoisted },
          { ...ROOT, region: 'us-east-1', date: new Date(), expires: 600 },
        ).query
        const search = query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')
        const res = await sendRaw(
          server.port,
          'PUT',
          `${path}?${search}`,
          [['host', host]],
          Buffer.from('hello'),
        )
        expectNoServerError(res)
      }),
      { numRuns: 100 },
    )
  })
})
