import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebhookTarget, webhookTarget } from '../../../../src/server/events/targets/webhook.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { findClosedPort } from './helpers/service.js'

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }

/** A loopback endpoint that records requests and answers `status` (after `delayMs`). */
async function startEndpoint(): Promise<{
  url: string
  received: Received[]
  reply: { status: number; delayMs: number }
  server: Server
}> {
  const received: Received[] = []
  const reply = { status: 200, delayMs: 0 }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      setTimeout(() => {
        if (reply.status < 300)
          received.push({ method: req.method, url: req.url, headers: req.headers, body })
        res.writeHead(reply.status).end('ignored body')
      }, reply.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/hook?x=1`, received, reply, server }
}

describe('webhook parse', () => {
  const P = 'notify.webhook["1"]'
  it.each<BadConfigRow>([
    ['no endpoint', { enable: true }, `${P}.endpoint: is required`],
    [
      'an ftp endpoint',
      { enable: true, endpoint: 'ftp://h/' },
      `${P}.endpoint: must be an http:// or https:// URL`,
    ],
    [
      'not a URL',
      { enable: true, endpoint: 'localhost:3000' },
      `${P}.endpoint: must be an http:// or https:// URL`,
    ],
    ['enable missing', { endpoint: 'http://h/' }, `${P}.enable: must be true or false`],
    ['unknown field', { enable: true, endpoint: 'http://h/', secret: 's' }, `${P}.secret: unknown parameter`],
  ])('rejects %s', (_, raw, message) => expectConfigError(webhookTarget, raw, message))
})

describe('webhook target against a node:http listener', () => {
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>
  beforeAll(async () => {
    endpoint = await startEndpoint()
  })
  afterAll(() => new Promise((resolve) => endpoint.server.close(resolve)))

  runTargetContract({
    style: 'message',
    async setup() {
      return {
        target: webhookTarget.create('1', '', webhookTarget.parse({ enable: true, endpoint: endpoint.url })),
        async read() {
          for (const r of endpoint.received) {
            expect(r).toMatchObject({ method: 'POST', url: '/hook?x=1' })
            expect(r.headers['content-type']).toBe('application/json')
          }
          return endpoint.received.map((r) => JSON.parse(r.body))
        },
        cleanup: async () => {},
      }
    },
    async createUnreachable() {
      const url = `http://127.0.0.1:${await findClosedPort()}/`
      return webhookTarget.create('1', '', webhookTarget.parse({ enable: true, endpoint: url }))
    },
  })

  const event = makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00Z')

  it('rejects with the status when the endpoint answers anything but 2xx', async () => {
    const target = webhookTarget.create(
      '2',
      'us-east-1',
      webhookTarget.parse({ enable: true, endpoint: endpoint.url }),
    )
    try {
      for (const [status, text] of [
        [500, '500 Internal Server Error'],
        [302, '302 Found'],
        [404, '404 Not Found'],
      ] as const) {
        endpoint.reply.status = status
        await expect(target.send(event)).rejects.toThrow(
          `arn:silo:sqs:us-east-1:2:webhook: send failed: endpoint answered ${text}`,
        )
      }
      endpoint.reply.status = 204
      await target.send(event)
    } finally {
      endpoint.reply.status = 200
      await target.close()
    }
  })

  it('gives up on an endpoint that does not answer in time', async () => {
    const target = createWebhookTarget(
      'arn:silo:sqs::3:webhook',
      '3',
      webhookTarget.parse({ enable: true, endpoint: endpoint.url }),
      200,
    )
    endpoint.reply.delayMs = 1000
    try {
      await expect(target.send(event)).rejects.toThrow(
        /send failed: no answer from http:\/\/127.0.0.1:\d+ within 200 ms/,
      )
    } finally {
      endpoint.reply.delayMs = 0
      await target.close()
    }
  })
})
