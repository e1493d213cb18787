/**
 * Policy documents under hostile input (issue 12): the strict JSON reader agrees with JSON.parse
 * wherever it accepts a text; parsePolicy compiles a document or throws a PolicyError
 * (MalformedPolicy, 400), never anything else; a compiled policy evaluates any request without
 * throwing. Over HTTP, PutBucketPolicy with a mutated body never answers 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALL_S3_ACTIONS,
  CONDITION_KEYS,
  type ConditionValues,
  evaluate,
  type PolicyKind,
  type PolicyRequest,
  parsePolicy,
} from '../../src/shared/policy/index.js'
import { parseJson } from '../../src/shared/policy/json-parse.js'
import { s3 } from '../server/helpers/signed-request.js'
import { startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { variable } from '../shared/policy/helpers.js'
import { clientErrorCode, expectNoServerError, parseOrClientError } from './helpers/client-error.js'
import {
  hostileVariantOf,
  latin1Text,
  mutationOf,
  nastyText,
  percentEncode,
  toHeaderValue,
} from './helpers/mutate.js'

const BUCKET = 'photos'

const VALID_POLICIES = [
  JSON.stringify({
    Version: '2012-10-17',
    Id: 'p',
    Statement: [
      {
        Sid: 'Public',
        Effect: 'Allow',
        Principal: '*',
        Action: ['s3:GetObject', 's3:List*'],
        Resource: ['arn:aws:s3:::photos/*', 'arn:aws:s3:::photos'],
        Condition: {
          IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] },
          'ForAnyValue:StringLike': { 's3:prefix': ['a/*', 'b?'] },
          NumericLessThanEquals: { 's3:max-keys': 100 },
          DateGreaterThan: { 'aws:CurrentTime': '2019-01-01T00:00:00Z' },
          Bool: { 'aws:SecureTransport': 'true' },
          BinaryEquals: { 's3:x-amz-copy-source': 'YS9i' },
          Null: { 's3:x-amz-acl': 'false' },
        },
      },
      {
        Effect: 'Deny',
        Principal: { AWS: ['arn:aws:iam::1:user/bob', 'alice'] },
        NotAction: 's3:GetObject',
        NotResource: `arn:aws:s3:::photos/home/${variable('aws:username')}/*`,
      },
    ],
  }),
  '{"Version":"2008-10-17","Statement":{"Effect":"Allow","Principal":{"AWS":"*"},"Action":"s3:*","Resource":"arn:aws:s3:::photos/*"}}',
]

const conditionValues: fc.Arbitrary<ConditionValues> = fc.dictionary(
  fc.constantFrom(...(Object.keys(CONDITION_KEYS) as Array<keyof typeof CONDITION_KEYS>)),
  fc.oneof(nastyText(), fc.array(nastyText(), { maxLength: 3 })),
) as fc.Arbitrary<ConditionValues>

const request = fc.record({
  action: fc.oneof(fc.constantFrom(...ALL_S3_ACTIONS), nastyText()),
  bucket: fc.oneof(fc.constant(BUCKET), nastyText()),
  key: nastyText(),
  principal: fc.oneof(fc.constantFrom('*', 'alice', 'bob'), nastyText()),
  conditions: conditionValues,
})

/** Parses `text`, and when it compiles, evaluates random requests against it. */
function checkPolicy(text: string, kind: PolicyKind, requests: readonly PolicyRequest[]): void {
  const policy = parseOrClientError(() => parsePolicy(text, kind, BUCKET))
  if (policy === undefined) return
  for (const r of requests) expect(['allow', 'deny', 'implicit-deny']).toContain(evaluate([policy], r))
}

describe('policy documents (unit)', () => {
  it('parseJson accepts only what JSON.parse accepts, with the same value', () => {
    const text = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.json({ maxDepth: 3 }).chain((j) => mutationOf(j)),
      hostileVariantOf(...VALID_POLICIES),
    )
    fc.assert(
      fc.property(text, (t) => {
        let mine: unknown
        try {
          mine = parseJson(t)
        } catch (e) {
          expect(clientErrorCode(e)).toBe('MalformedPolicy')
          return
        }
        expect(JSON.stringify(mine)).toBe(JSON.stringify(JSON.parse(t.replace(/^\uFEFF/, ''))))
      }),
      { numRuns: 500 },
    )
  })

  it('parsePolicy: a mutated document compiles or is MalformedPolicy, and evaluation never throws', () => {
    fc.assert(
      fc.property(
        hostileVariantOf(...VALID_POLICIES),
        fc.constantFrom<PolicyKind>('bucket', 'iam'),
        fc.array(request, { maxLength: 3 }),
        checkPolicy,
      ),
      { numRuns: 500 },
    )
  })

  it('parsePolicy: a document built from policy atoms and hostile values compiles or is MalformedPolicy', () => {
    const atom = fc.oneof(
      fc.constantFrom('*', 's3:*', 's3:Get*', 's3:GetObject', 'arn:aws:s3:::photos/*', 'arn:aws:s3:::photos'),
      fc.constantFrom(
        `arn:aws:s3:::photos/${variable('aws:username')}`,
        'arn:aws:s3:::photos/$' + '{',
        variable('*'),
        '10.0.0.0/8',
      ),
      nastyText(),
    )
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(fc.oneof(atom, fc.constantFrom(...Object.keys(CONDITION_KEYS))), tie('v'), {
          maxKeys: 3,
        }),
      ),
    })).v
    const operator = fc.oneof(
      fc.constantFrom(
        'StringLike',
        'ForAllValues:StringEquals',
        'IpAddress',
        'NumericLessThan',
        'DateEquals',
      ),
      fc.constantFrom('BinaryEquals', 'Null', 'BoolIfExists', 'Other:StringLike', 'NullIfExists'),
      nastyText(),
    )
    const condition = fc.dictionary(
      operator,
      fc.dictionary(fc.oneof(fc.constantFrom(...Object.keys(CONDITION_KEYS)), nastyText()), value, {
        maxKeys: 2,
      }),
      { maxKeys: 3 },
    )
    const statement = fc.record(
      {
        Sid: fc.oneof(fc.constant('S'), value),
        Effect: fc.oneof(fc.constantFrom('Allow', 'Deny'), value),
        Principal: fc.oneof(fc.constant('*'), fc.record({ AWS: value }), value),
        Action: fc.oneof(atom, fc.array(atom, { maxLength: 3 }), value),
        NotAction: fc.oneof(atom, value),
        Resource: fc.oneof(atom, fc.array(atom, { maxLength: 3 }), value),
        NotResource: fc.oneof(atom, value),
        Condition: fc.oneof(condition, value),
      },
      { requiredKeys: ['Effect'] },
    )
    const document = fc.record(
      {
        Version: fc.oneof(fc.constantFrom('2012-10-17', '2008-10-17'), value),
        Id: value,
        Statement: fc.oneof(statement, fc.array(statement, { maxLength: 3 }), value),
      },
      { requiredKeys: ['Version', 'Statement'] },
    )
    fc.assert(
      fc.property(
        document.map((d) => JSON.stringify(d)),
        fc.constantFrom<PolicyKind>('bucket', 'iam'),
        fc.array(request, { maxLength: 3 }),
        checkPolicy,
      ),
      { numRuns: 500 },
    )
  })

  it('parsePolicy: deep nesting and a document past the size limit are MalformedPolicy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('[', '{"a":'), (depth, open) => {
        expect(clientErrorCode(catchError(() => parsePolicy(open.repeat(depth), 'bucket', BUCKET)))).toBe(
          'MalformedPolicy',
        )
      }),
      { numRuns: 50 },
    )
  })
})

function catchError(fn: () => unknown): unknown {
  try {
    fn()
  } catch (e) {
    return e
  }
  throw new Error('expected an error')
}

describe('PutBucketPolicy over HTTP (server)', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
    expect((await s3(server.url, 'PUT', `/${BUCKET}?policy`, { body: VALID_POLICIES[0] })).status).toBe(204)
  })
  afterAll(() => server.stop())

  it('a signed PutBucketPolicy with a mutated body answers 204 or a 4xx code; the stored policy still reads back', async () => {
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(...VALID_POLICIES), async (body) => {
        const res = await s3(server.url, 'PUT', `/${BUCKET}?policy`, { body })
        expectNoServerError(res)
        const got = await s3(server.url, 'GET', `/${BUCKET}?policy`)
        expectNoServerError(got)
        if (res.status === 204) expect(got.text).toBe(Buffer.from(body).toString())
      }),
      { numRuns: 100 },
    )
  })

  it('anonymous requests with hostile condition values, under a policy testing every operator, answer below 500', async () => {
    const conditions = {
      StringLike: { 'aws:UserAgent': ['*silo*', '?'], 'aws:Referer': 'https://*' },
      'ForAnyValue:StringEqualsIgnoreCase': { 's3:prefix': ['a/', 'B/'] },
      NumericLessThanEqualsIfExists: { 's3:max-keys': 500 },
      'ForAllValues:StringNotLike': { 's3:delimiter': '*x*' },
      DateLessThan: { 'aws:CurrentTime': '2999-01-01T00:00:00Z' },
      IpAddress: { 'aws:SourceIp': ['127.0.0.0/8', '::1/128', '::ffff:127.0.0.1/128'] },
      BinaryNotEquals: { 's3:x-amz-copy-source': 'YS9i' },
      BoolIfExists: { 'aws:SecureTransport': 'false' },
      Null: { 's3:x-amz-acl': 'true' },
    }
    // One statement per operator: a statement's conditions stop at the first that fails, and
    // each operator should meet the hostile values.
    const allow = (operator: string, test: unknown) => ({
      Effect: 'Allow',
      Principal: '*',
      Action: ['s3:GetObject', 's3:ListBucket', 's3:PutObject'],
      Resource: [`arn:aws:s3:::${BUCKET}`, `arn:aws:s3:::${BUCKET}/*`],
      Condition: { [operator]: test },
    })
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        ...Object.entries(conditions).map(([operator, test]) => allow(operator, test)),
        {
          Effect: 'Deny',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${BUCKET}/home/\${aws:username}/*`,
        },
      ],
    })
    const put = await s3(server.url, 'PUT', `/${BUCKET}?policy`, { body: policy })
    expect(put.status, put.text).toBe(204)
    const header = fc.constantFrom(
      'user-agent',
      'referer',
      'x-amz-acl',
      'x-amz-copy-source',
      'x-amz-storage-class',
      'x-amz-content-sha256',
    )
    const request = fc.record({
      method: fc.constantFrom('GET', 'PUT', 'HEAD'),
      target: fc.oneof(
        fc.constantFrom(`/${BUCKET}/k`, `/${BUCKET}/home/x/k`),
        fc
          .tuple(fc.constantFrom('prefix', 'delimiter', 'max-keys'), nastyText(60))
          .map(([n, v]) => `/${BUCKET}?${n}=${percentEncode(v)}`),
      ),
      headers: fc.dictionary(header, latin1Text(60).map(toHeaderValue), { maxKeys: 3 }),
    })
    await fc.assert(
      fc.asyncProperty(request, async ({ method, target, headers }) => {
        expectNoServerError(await s3(server.url, method, target, { anonymous: true, headers }), method)
      }),
      { numRuns: 100 },
    )
  })
})
