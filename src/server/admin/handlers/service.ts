import { S3ServerError } from '../../errors.js'
import { DEFAULT_DRAIN_MS } from '../../lifecycle.js'
import type { AdminArgs } from '../admin-args.js'
import { parseJsonBody } from '../admin-body.js'
import { sendJson } from '../admin-response.js'
import { buildInfo } from '../build-info.js'

const MAX_DRAIN_SECONDS = 600

/** `GET /silo/admin/v1/service`: uptime (seconds) and build. */
export async function handleServiceStatus({ ctx, res }: AdminArgs): Promise<void> {
  sendJson(res, 200, { status: 'success', uptime: ctx.lifecycle.uptimeSeconds, serverVersion: buildInfo() })
}

/**
 * `POST /silo/admin/v1/service/restart[?drain=<seconds>]`: restarts in place (see
 * `Lifecycle.restart`) and answers once the server runs with the reloaded configuration.
 * The answer tells what came up: `sqsARN` the targets that started, `failedTargets` each
 * enabled target that did not (a webhook whose endpoint is not live is one: seed, Errors 4),
 * and `errors` one sentence per problem; `status` is 'error' when there is any.
 */
export async function handleServiceRestart(args: AdminArgs): Promise<void> {
  const { ctx, res } = args
  const result = await ctx.lifecycle.restart({ drainMs: drainMsOf(args), except: res })
  const failedTargets = ctx.notifications?.failures() ?? []
  const errors = [
    ...result.errors,
    ...failedTargets.map((failure) => `${failure.arn} did not start: ${failure.error}`),
  ]
  sendJson(res, 200, {
    status: errors.length === 0 ? 'success' : 'error',
    region: ctx.region,
    cancelled: result.cancelled,
    errors,
    sqsARN: ctx.notifications?.onlineArns() ?? [],
    failedTargets,
  })
}

/**
 * `POST /silo/admin/v1/service/stop[?drain=<seconds>]`: answers first, then drains running
 * requests and stops the server.
 */
export async function handleServiceStop(args: AdminArgs): Promise<void> {
  const { ctx, res } = args
  const drainMs = drainMsOf(args)
  res.once('finish', () => {
    ctx.admin.stop(drainMs, res).catch((error: unknown) => ctx.logger.error('service stop failed', error))
  })
  sendJson(res, 200, { status: 'success', action: 'stop' })
}

/** `POST /silo/admin/v1/service` with `{"action":"restart"|"stop"}`: MinIO's form of the two. */
export async function handleServiceAction(args: AdminArgs): Promise<void> {
  const { action } = parseJsonBody(args.body)
  if (action === 'restart') return handleServiceRestart(args)
  if (action === 'stop') return handleServiceStop(args)
  throw new S3ServerError(
    'XSiloAdminInvalidArgument',
    `The service action must be "restart" or "stop", got ${JSON.stringify(action)}.`,
  )
}

function drainMsOf({ query }: AdminArgs): number {
  const text = query.get('drain')
  if (text === null) return DEFAULT_DRAIN_MS
  const seconds = Number(text)
  if (text === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_DRAIN_SECONDS) {
    throw new S3ServerError(
      'XSiloAdminInvalidArgument',
      `drain must be a number of seconds from 0 to ${MAX_DRAIN_SECONDS}, got '${text}'.`,
    )
  }
  return seconds * 1000
}
