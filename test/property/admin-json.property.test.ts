/**
 * Admin API bodies under hostile input (issue 12): the JSON body reader, the encrypted-body
 * reader and the server configuration answer a value or a 4xx admin error; over HTTP, root-signed
 * admin requests with mutated bodies (plain JSON, and JSON sealed correctly so it reaches the
 * parser behind the encryption) answer success or a 4xx JSON error with a Code, never 5xx.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptJsonBody, parseJsonBody } from '../../src/server/admin/admin-body.js'
import { handleHeal } from '../../src/server/admin/handlers/heal.js'
import { HealSequences } from '../../src/server/admin/heal/heal-sequences.js'
import { parseServerConfig, ServerConfigError } from '../../src/server/config/server-config.js'
import type { ServerContext } from '../../src/server/context.js'
import { encryptAdminBody } from '../../src/shared/admin-crypto/index.js'
import { FakeHealer } from '../server/admin/heal/fake-healer.js'
import { s3 } from '../server/helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import {
  expectClientError,
  expectNoServerError,
  parseOrClientError,
  parseOrClientErrorAsync,
} from './helpers/client-error.js'
import { hostileVariantOf, mutationOf, nastyText } from './helpers/mutate.js'

const SECRET = 'admin-property-secret'

const USER = JSON.stringify({ secretKey: 'user-secret-123', policy: 'readonly', status: 'enabled' })
const STATUS = JSON.stringify({ status: 'disabled' })
const POLICY = JSON.stringify({ policy: 'readwrite' })
const CANNED = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::b/*'] }],
})
const CONFIG = JSON.stringify({
  version: '1',
  region: 'us-east-1',
  notify: {
    webhook: { '1': { enable: true, endpoint: 'http://127.0.0.1:9/hook', queueLimit: 10 } },
    redis: { r: { enable: true, format: 'namespace', address: '127.0.0.1:6379', key: 'k' } },
    kafka: { k: { enable: true, brokers: ['127.0.0.1:9092'], topic: 't' } },
    amqp: {
      a: {
        enable: true,
        url: 'amqp://127.0.0.1:5672',
        exchange: 'x',
        exchangeType: 'fanout',
        routingKey: 'r',
      },
    },
    mqtt: { m: { enable: true, broker: 'tcp://127.0.0.1:1883', topic: 't' } },
    nats: { n: { enable: true, address: '127.0.0.1:4222', subject: 'silo.events' } },
    nsq: { q: { enable: true, nsqdAddress: '127.0.0.1:4150', topic: 't' } },
    elasticsearch: { e: { enable: true, format: 'namespace', url: 'http://127.0.0.1:9200', index: 'i' } },
    postgresql: {
      p: {
        enable: true,
        format: 'namespace',
        table: 'events',
        host: '127.0.0.1',
        port: '5432',
        user: 'postgres',
        database: 'test',
      },
    },
    mysql: { s: { enable: false } },
  },
})

describe('admin bodies (unit)', () => {
  it('the configuration used below is valid (the mutations start from it)', () => {
    expect(parseServerConfig(CONFIG).notify.kafka).toBeDefined()
  })

  it('parseJsonBody: an object or XSiloAdminRequestBodyParse, for any bytes', () => {
    const bytes = fc.oneof(
      hostileVariantOf(USER, STATUS, CANNED).map((s) => Buffer.from(s)),
      fc.uint8Array({ maxLength: 100 }).map(Buffer.from),
    )
    fc.assert(
      fc.property(bytes, (body) => {
        const value = parseOrClientError(() => parseJsonBody(body))
        if (value !== undefined) expect(typeof value).toBe('object')
      }),
      { numRuns: 500 },
    )
  })

  it('parseServerConfig: a configuration, or a ServerConfigError naming the field', () => {
    fc.assert(
      fc.property(hostileVariantOf(CONFIG, '{"version":"1"}'), (text) => {
        try {
          const config = parseServerConfig(text)
          expect(config.version).toBe('1')
        } catch (e) {
          if (!(e instanceof ServerConfigError)) throw e
        }
      }),
      { numRuns: 500 },
    )
  })

  it('decryptJsonBody: an altered envelope is XSiloAdminBodyDecryptFailed; sealed hostile JSON parses or is a 4xx', async () => {
    const envelope = await encryptAdminBody(SECRET, USER)
    const altered = mutationOf(Buffer.from(envelope).toString('latin1')).map((s) => Buffer.from(s, 'latin1'))
    await fc.assert(
      fc.asyncProperty(altered, hostileVariantOf(USER), async (bytes, plain) => {
        if (!bytes.equals(Buffer.from(envelope))) {
          try {
            await decryptJsonBody(bytes, SECRET)
          } catch (e) {
            expect(expectClientError(e)).toMatch(/^XSiloAdmin(BodyDecryptFailed|RequestBodyParse)$/)
          }
        }
        await parseOrClientErrorAsync(async () =>
          decryptJsonBody(await encryptAdminBody(SECRET, plain), SECRET),
        )
      }),
      // Each seal and unseal derives a key with 100,000 PBKDF2 rounds (~20 ms here).
      { numRuns: 25 },
    )
  })
})

describe('heal request (unit, over a fake healer)', () => {
  it('any target, query and body: a heal answer or a 4xx admin error', async () => {
    const heal = new HealSequences({ kind: 'Erasure', healer: new FakeHealer({ photos: ['a', 'b/c'] }) })
    const ctx = { admin: { heal } } as unknown as ServerContext
    const res = { writeHead: () => res, end: () => undefined } as unknown as ServerResponse
    const req = { socket: { remoteAddress: '::ffff:10.1.2.3' } } as unknown as IncomingMessage
    const target = fc.option(
      fc.oneof(fc.constantFrom('photos', 'photos/b/', 'Bad_Bucket', '/x'), nastyText(30)),
      {
        nil: undefined,
      },
    )
    const query = fc.array(
      fc.tuple(fc.constantFrom('forceStart', 'forceStop', 'clientToken', 'other'), nastyText(20)),
      { maxLength: 3 },
    )
    const body = hostileVariantOf('{"recursive":true,"dryRun":true}', '{}')
    await fc.assert(
      fc.asyncProperty(target, query, fc.oneof(body, fc.constant('')), async (t, q, b) => {
        await parseOrClientErrorAsync(() =>
          handleHeal({
            ctx,
            req,
            res,
            params: t === undefined ? {} : { target: t },
            query: new URLSearchParams(q),
            body: Buffer.from(b),
            requestId: 'R',
          }),
        )
      }),
      { numRuns: 300 },
    )
    await heal.stop({ bucket: '', prefix: '' }).catch(() => undefined)
  })
})

describe('admin API over HTTP (server)', () => {
  let server: TestServer
  const ADMIN = '/silo/admin/v1'
  const admin = (method: string, path: string, body?: Buffer | string) =>
    s3(server.url, method, `${ADMIN}${path}`, body === undefined ? {} : { body })

  beforeAll(async () => {
    server = await startTestServer()
    const sealed = Buffer.from(await encryptAdminBody(ROOT.secretKey, USER))
    expect((await admin('PUT', '/users/alice', sealed)).status).toBe(204)
  })
  afterAll(() => server.stop())

  it('plain-JSON bodies (status, policy, canned policy, service action) answer success or a 4xx code', async () => {
    const request = fc.oneof(
      hostileVariantOf(STATUS).map((body) => ['PUT', '/users/alice/status', body] as const),
      hostileVariantOf(POLICY).map((body) => ['PUT', '/users/alice/policy', body] as const),
      hostileVariantOf(CANNED).map((body) => ['PUT', '/policies/property', body] as const),
      // Never a body that really asks to restart or stop the server under test.
      hostileVariantOf('{"action":"nap"}')
        .filter((body) => !/"(restart|stop)"/.test(body))
        .map((body) => ['POST', '/service', body] as const),
    )
    await fc.assert(
      fc.asyncProperty(request, async ([method, path, body]) => {
        expectNoServerError(await admin(method, path, body))
      }),
      { numRuns: 150 },
    )
  })

  it('sealed bodies (user, configuration) with mutated JSON inside answer success or a 4xx code', async () => {
    const request = fc.oneof(
      hostileVariantOf(USER).map((plain) => ['/users/bob', plain] as const),
      hostileVariantOf(CONFIG).map((plain) => ['/config', plain] as const),
    )
    await fc.assert(
      fc.asyncProperty(request, async ([path, plain]) => {
        const sealed = Buffer.from(await encryptAdminBody(ROOT.secretKey, plain))
        expectNoServerError(await admin('PUT', path, sealed))
      }),
      { numRuns: 25 },
    )
  })

  it('altered envelopes (credential, user, configuration) answer XSiloAdminBodyDecryptFailed or another 4xx', async () => {
    const sealed = Buffer.from(
      await encryptAdminBody(
        ROOT.secretKey,
        JSON.stringify({ accessKey: 'newroot', secretKey: 'newroot-secret' }),
      ),
    )
    const altered = mutationOf(sealed.toString('latin1'))
      .map((s) => Buffer.from(s, 'latin1'))
      // Unaltered, the credential would change under the test's feet.
      .filter((b) => !b.equals(sealed))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/credential', '/users/carol', '/config'),
        altered,
        async (path, body) => {
          const res = await admin('PUT', path, body)
          expect(res.status).toBeGreaterThanOrEqual(400)
          expectNoServerError(res)
        },
      ),
      { numRuns: 25 },
    )
  })
})
