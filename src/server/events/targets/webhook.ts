import http from 'node:http'
import https from 'node:https'
import { Socket } from 'node:net'
import { type CommonParams, readCommonParams } from './common-params.js'
import { buildTargetMessage, formatTargetArn } from './message.js'
import { readFields } from './params.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, TargetFactory } from './types.js'

/** `notify.webhook.<id>`: see the seed's webhook parameter table. */
export type WebhookParams = CommonParams & {
  /** `http://` or `https://` URL the events are POSTed to. */
  endpoint: string
}

/** How long a connect, or a wait for the response, may take (MinIO: dial 5 s, headers 3 s). */
export const WEBHOOK_TIMEOUT_MS = 5000

/** Webhook target: POSTs the common payload as JSON; any 2xx answer means delivered. */
export const webhookTarget: TargetFactory<WebhookParams> = {
  kind: 'webhook',
  parse(raw, path = 'notify.webhook') {
    const r = readFields(raw, path)
    const params: WebhookParams = {
      ...readCommonParams(r),
      endpoint: r.string('endpoint', { required: true, check: checkEndpoint }),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createWebhookTarget(formatTargetArn(region, id, 'webhook'), id, params)
  },
}

function checkEndpoint(value: string): string | undefined {
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined
  } catch {}
  return 'must be an http:// or https:// URL'
}

/**
 * Creates a webhook target; `timeoutMs` bounds the connect and the wait for each response.
 * `open` checks that the endpoint is live and reachable (a TCP connect, nothing sent): the seed
 * makes an endpoint that is not a configuration fault at restart (Errors 4), so the target is
 * left out of the `SQS ARNs` line and the restart answer names it. It stays configured: its
 * events wait in the queue and it re-opens in the background once the endpoint answers.
 */
export function createWebhookTarget(
  arn: string,
  id: string,
  params: WebhookParams,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): EventTarget {
  const url = new URL(params.endpoint)
  const agent = new (url.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: 1 })
  return {
    arn,
    kind: 'webhook',
    id,
    open: () =>
      asTargetError(arn, 'open', async () => {
        if (!(await canConnect(url, Math.min(timeoutMs, 2000)))) {
          throw new Error(`configuration fault: the endpoint ${url.href} is not live and reachable`)
        }
      }),
    send: (event) =>
      asTargetError(arn, 'send', () =>
        post(url, JSON.stringify(buildTargetMessage(event, 'webhook')), agent, timeoutMs),
      ),
    isOnline: () => canConnect(url, Math.min(timeoutMs, 2000)),
    close: async () => agent.destroy(),
  }
}

function post(url: URL, body: string, agent: http.Agent, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent,
      timeout: timeoutMs, // idle socket: covers the connect and the wait for the answer
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': 'silo',
      },
    })
    request.on('timeout', () =>
      request.destroy(new Error(`no answer from ${url.origin} within ${timeoutMs} ms`)),
    )
    request.on('error', reject)
    request.on('response', (response) => {
      response.resume() // the body is not used; reading it frees the socket for the next event
      const status = response.statusCode ?? 0
      if (status >= 200 && status < 300) resolve()
      else reject(new Error(`endpoint answered ${status} ${response.statusMessage ?? ''}`.trimEnd()))
    })
    request.end(body)
  })
}

/** A TCP connect to the endpoint's host and port: cheap, and sends nothing to the application. */
function canConnect(url: URL, timeoutMs: number): Promise<boolean> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80)
  return new Promise((resolve) => {
    const socket = new Socket()
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.connect(port, url.hostname.replace(/^\[|\]$/g, ''))
  })
}
