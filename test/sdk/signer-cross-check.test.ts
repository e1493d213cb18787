/**
 * The SDK signs headers with the pure steps of src/shared/sigv4, the same code the server verifies
 * with, so a bug the two share would pass every SDK-to-server test. `@smithy/signature-v4` is the
 * independent implementation kept to catch that: random requests signed by both must carry the
 * same headers, signature included (and the shared `signRequest`, which decodes and re-encodes the
 * path as the server does, must agree too).
 */
import { Sha256 } from '@aws-crypto/sha256-js'
import { SignatureV4 } from '@smithy/signature-v4'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsSigV4Crypto } from '../../src/sdk/platform/js-sigv4-crypto.js'
import { NodeSha256, nodeSigV4Crypto } from '../../src/sdk/platform/node-hash.js'
import { createSigner, type SignableRequest } from '../../src/sdk/transport/signer.js'
import { escapeKey } from '../../src/sdk/transport/uri-escape.js'
import { EMPTY_SHA256, UNSIGNED_PAYLOAD } from '../../src/shared/sigv4/constants.js'
import type { SigV4Crypto } from '../../src/shared/sigv4/crypto.js'
import { signRequest } from '../../src/shared/sigv4/sign-request.js'

const CREDENTIALS = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
}

// Header values as HTTP carries them (visible ASCII, spaces and tabs, which canonical form trims
// and collapses); names as the SDK sends them, lower-case.
const headerValue = fc.stringMatching(/^[\x20-\x7e\t]{0,24}$/)
const headerName = fc.oneof(
  fc.constantFrom('content-type', 'content-md5', 'range', 'if-match', 'cache-control', 'expires'),
  fc.stringMatching(/^x-amz-meta-[a-z0-9-]{1,8}$/),
  fc.constantFrom('x-amz-copy-source', 'x-amz-tagging', 'x-amz-storage-class', 'x-amz-checksum-crc32'),
)
// Any text but '__proto__', which no S3 parameter is called and a plain object cannot hold.
const queryText = fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => s !== '__proto__')
const queryValue = fc.oneof(queryText, fc.array(queryText, { minLength: 1, maxLength: 3 }))

const arbitraryRequest = fc.record({
  method: fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'HEAD'),
  bucket: fc.stringMatching(/^[a-z0-9][a-z0-9.-]{1,20}[a-z0-9]$/),
  key: fc.option(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), { nil: undefined }),
  query: fc.option(
    fc.dictionary(
      queryText.filter((s) => s !== ''),
      queryValue,
      { maxKeys: 4 },
    ),
    {
      nil: undefined,
    },
  ),
  headers: fc.dictionary(headerName, headerValue, { maxKeys: 5 }),
  payload: fc.constantFrom(UNSIGNED_PAYLOAD, EMPTY_SHA256, 'a'.repeat(64)),
  region: fc.constantFrom('us-east-1', 'eu-west-1', 'ap-southeast-2', ''),
  date: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
})

type Arbitrary = typeof arbitraryRequest extends fc.Arbitrary<infer T> ? T : never

function toSignable(input: Arbitrary): SignableRequest {
  return {
    method: input.method,
    protocol: 'http:',
    hostname: 'localhost',
    path: input.key === undefined ? `/${input.bucket}` : `/${input.bucket}/${escapeKey(input.key)}`,
    query: input.query,
    headers: {
      host: 'localhost:9000',
      'user-agent': 'silo-js/0.1.0 (node; linux x64)',
      'content-length': '5',
      ...input.headers,
      'x-amz-content-sha256': input.payload,
    },
  }
}

function createSmithySigner(sha256: typeof NodeSha256 | typeof Sha256, sessionToken?: string) {
  const signer = new SignatureV4({
    service: 's3',
    region: 'us-east-1',
    credentials: { accessKeyId: CREDENTIALS.accessKey, secretAccessKey: CREDENTIALS.secretKey, sessionToken },
    sha256,
    uriEscapePath: false,
    applyChecksum: false,
  })
  return async (request: SignableRequest, region: string, date: Date) =>
    (
      await signer.sign(
        { ...request, query: request.query ?? {} },
        { signingRegion: region, signingDate: date, unsignableHeaders: new Set(['content-length']) },
      )
    ).headers
}

const HASHES: Array<[string, SigV4Crypto, typeof NodeSha256 | typeof Sha256]> = [
  ['node:crypto', nodeSigV4Crypto, NodeSha256],
  ['@aws-crypto/sha256-js (browsers)', jsSigV4Crypto, Sha256],
]

describe.each(HASHES)('the SDK signer with %s', (_name, crypto, Hash) => {
  it.each([
    ['without a session token', undefined],
    ['with a session token', 'FwoGZXIvYXdzEJr//////////wEaD+token'],
  ])('signs random requests as @smithy/signature-v4 does, %s', async (_label, sessionToken) => {
    // One signer each for the whole run, so the signing-key and date caches meet many dates and regions.
    const ours = createSigner({ ...CREDENTIALS, sessionToken }, crypto)
    const smithy = createSmithySigner(Hash, sessionToken)
    await fc.assert(
      fc.asyncProperty(arbitraryRequest, async (input) => {
        const request = toSignable(input)
        const signed = ours(request, input.region, input.date)
        expect(signed).toEqual(await smithy(request, input.region, input.date))
        const names = /SignedHeaders=([^,]+)/.exec(signed['authorization']!)![1]!.split(';')
        const pairs = Object.entries(request.query ?? {}).flatMap(([n, v]) =>
          (typeof v === 'string' ? [v] : v).map((one): [string, string] => [n, one]),
        )
        const shared = signRequest(
          crypto,
          { method: request.method, path: request.path, query: pairs, headers: signed },
          { ...CREDENTIALS, region: input.region, date: input.date, signedHeaders: names },
        )
        expect(signed['authorization']).toBe(shared.authorization)
      }),
      { numRuns: 150 },
    )
  })
})
