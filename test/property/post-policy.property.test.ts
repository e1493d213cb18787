/**
 * POST Object (browser form uploads) under hostile input (issue 12): the policy document, its
 * conditions, the form's signature fields and the multipart/form-data body itself. Unit level:
 * each parser returns or throws a 4xx S3 error. Over HTTP: a form with a mutated (re-signed)
 * policy, mutated fields, or a mutated multipart body never gets a 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRootCredentialStore } from '../../src/server/auth/credentials.js'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { SigningKeyCache } from '../../src/server/auth/signing-key-cache.js'
import { checkPostConditions } from '../../src/server/handlers/post-object/check-conditions.js'
import { parsePostPolicy } from '../../src/server/handlers/post-object/policy-document.js'
import { verifyPostSignature } from '../../src/server/handlers/post-object/verify-post-signature.js'
import { computeSignature, deriveSigningKey, formatAmzDate } from '../../src/shared/sigv4/index.js'
import { s3, send } from '../server/helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { expectNoServerError, parseOrClientError } from './helpers/client-error.js'
import { hostileVariantOf, latin1Text, mutationOf, nastyText, toHeaderValue } from './helpers/mutate.js'

const BUCKET = 'post-property'
// S3's form variable, written out literally in the key field.
const FILENAME = '$' + '{filename}'

function policyJson(expiration: Date): string {
  return JSON.stringify({
    expiration: expiration.toISOString(),
    conditions: [
      { bucket: BUCKET },
      ['starts-with', '$key', 'uploads/'],
      ['eq', '$Content-Type', 'text/plain'],
      ['content-length-range', 0, 1024],
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      ['starts-with', '$x-amz-credential', ''],
      ['starts-with', '$x-amz-date', ''],
      ['starts-with', '$success_action_status', ''],
    ],
  })
}

/** The form fields of a correctly signed POST for `policy` (JSON text), at `date`. */
function signedFields(policy: string, date: Date): Record<string, string> {
  const amzDate = formatAmzDate(date)
  const day = amzDate.slice(0, 8)
  const base64 = Buffer.from(policy).toString('base64')
  const key = deriveSigningKey(nodeCrypto, ROOT.secretKey, day, 'us-east-1')
  return {
    key: `uploads/${FILENAME}`,
    'Content-Type': 'text/plain',
    success_action_status: '201',
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': `${ROOT.accessKey}/${day}/us-east-1/s3/aws4_request`,
    'x-amz-date': amzDate,
    policy: base64,
    'x-amz-signature': computeSignature(nodeCrypto, key, base64),
  }
}

const FIELD_NAMES = Object.keys(signedFields(policyJson(new Date()), new Date()))

describe('POST policy and form fields (unit)', () => {
  const now = Date.UTC(2030, 0, 1)
  const valid = policyJson(new Date(now + 60_000))

  it('parsePostPolicy + checkPostConditions: a size range (0 ≤ min ≤ max) or a 4xx S3 error', () => {
    const base64 = fc.oneof(
      { weight: 4, arbitrary: hostileVariantOf(valid).map((j) => Buffer.from(j).toString('base64')) },
      { weight: 1, arbitrary: latin1Text(100) },
    )
    const fields = fc.dictionary(
      fc.oneof(
        fc.constantFrom(...FIELD_NAMES.map((n) => n.toLowerCase()), 'bucket', 'x-ignore-me'),
        nastyText(12),
      ),
      fc.oneof(fc.constantFrom(BUCKET, 'uploads/a', 'text/plain'), nastyText()),
    )
    fc.assert(
      fc.property(base64, fields, (policy, values) => {
        const doc = parseOrClientError(() => parsePostPolicy(policy))
        if (doc === undefined) return
        const range = parseOrClientError(() => checkPostConditions(doc, new Map(Object.entries(values)), now))
        if (range === undefined) return
        expect(range.min).toBeGreaterThanOrEqual(0)
        expect(range.min).toBeLessThanOrEqual(range.max)
      }),
      { numRuns: 500 },
    )
  })

  it('verifyPostSignature: an identity, anonymous, or a 4xx S3 error for mutated signature fields', () => {
    const date = new Date(now)
    const ctx = {
      credentials: createRootCredentialStore(ROOT),
      region: 'us-east-1',
      crypto: nodeCrypto,
      keys: new SigningKeyCache(nodeCrypto),
      now: () => now,
    }
    const fields = signedFields(valid, date)
    const mutated = fc.record(
      Object.fromEntries(
        FIELD_NAMES.map((n) => [
          n.toLowerCase(),
          fc.option(fc.oneof(fc.constant(fields[n]!), mutationOf(fields[n]!)), { nil: undefined }),
        ]),
      ),
    )
    fc.assert(
      fc.property(mutated, (values) => {
        const map = new Map(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined))
        const identity = parseOrClientError(() => verifyPostSignature(ctx, map))
        if (identity !== undefined) expect(identity.accessKey).toBe(ROOT.accessKey)
      }),
      { numRuns: 500 },
    )
  })
})

describe('POST Object over HTTP (server)', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
  })
  afterAll(() => server.stop())

  const BOUNDARY = '----silo-property-boundary'

  /** A multipart/form-data body: the fields, then the file part. */
  function formBody(fields: Record<string, string>, file = 'hello form'): string {
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${file}\r\n`
    return `${parts.join('')}${filePart}--${BOUNDARY}--\r\n`
  }

  function post(body: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
    const url = new URL(`/${BUCKET}`, server.url)
    const bytes = Buffer.from(body, 'latin1')
    return send(
      url,
      'POST',
      { host: url.host, 'content-type': contentType, 'content-length': String(bytes.length) },
      bytes,
    )
  }

  it('the unmutated form is stored (the mutations below start from a valid form)', async () => {
    const res = await post(formBody(signedFields(policyJson(new Date(Date.now() + 600_000)), new Date())))
    expect(res.status).toBe(201)
  })

  it('a mutated policy document, signed correctly, answers 201 or a 4xx code', async () => {
    const valid = policyJson(new Date(Date.now() + 600_000))
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(valid), async (policy) => {
        expectNoServerError(await post(formBody(signedFields(policy, new Date()))))
      }),
      { numRuns: 100 },
    )
  })

  it('mutated form fields answer 201 or a 4xx code', async () => {
    const fields = signedFields(policyJson(new Date(Date.now() + 600_000)), new Date())
    const edit = fc.record({
      name: fc.oneof(
        fc.constantFrom(...FIELD_NAMES, 'success_action_redirect', 'redirect', 'x-ignore-x'),
        latin1Text(12),
      ),
      value: fc.oneof(
        latin1Text(60),
        fc.constantFrom('http://x/?a=b', 'javascript:alert(1)', '200', '204', '303'),
      ),
      drop: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        const changed = new Map(Object.entries(fields))
        for (const { name, value, drop } of edits) {
          if (drop) changed.delete(name)
          else changed.set(name, mutate(changed.get(name) ?? '', value))
        }
        expectNoServerError(await post(formBody(Object.fromEntries(changed))))
      }),
      { numRuns: 100 },
    )
  })

  it('hostile metadata the policy allows: 2xx or a 4xx code, and the stored object then reads back', async () => {
    const metadataNames = [
      'Content-Type',
      'Cache-Control',
      'Content-Disposition',
      'Expires',
      'x-amz-meta-note',
    ]
    const policy = JSON.stringify({
      expiration: new Date(Date.now() + 600_000).toISOString(),
      conditions: [
        { bucket: BUCKET },
        ['starts-with', '$key', 'meta/'],
        ...['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', ...metadataNames].map((f) => [
          'starts-with',
          `$${f}`,
          '',
        ]),
      ],
    })
    const value = fc.oneof(nastyText(), latin1Text(40))
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...metadataNames), value, async (name, text) => {
        const key = `meta/${n++}`
        const { success_action_status: _, 'Content-Type': __, ...fields } = signedFields(policy, new Date())
        const res = await post(formBody({ ...fields, key, [name]: text }))
        expectNoServerError(res)
        if (res.status < 300) {
          for (const method of ['GET', 'HEAD']) {
            expectNoServerError(await s3(server.url, method, `/${BUCKET}/${key}`), method)
          }
        }
      }),
      { numRuns: 100 },
    )
  })

  it('a mutated multipart/form-data body or Content-Type answers 201 or a 4xx code', async () => {
    const valid = formBody(signedFields(policyJson(new Date(Date.now() + 600_000)), new Date()))
    const contentType = fc.oneof(
      { weight: 4, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
      { weight: 1, arbitrary: mutationOf(`multipart/form-data; boundary=${BOUNDARY}`) },
    )
    await fc.assert(
      fc.asyncProperty(
        mutationOf(valid).map(toLatin1),
        contentType.map(toHeaderValue),
        async (body, type) => {
          expectNoServerError(await post(body, type))
        },
      ),
      { numRuns: 150 },
    )
  })
})

function mutate(old: string, text: string): string {
  const at = text.length % (old.length + 1)
  return old.slice(0, at) + text + old.slice(at)
}

function toLatin1(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1')
}
