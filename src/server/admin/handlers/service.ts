import type { ServerContext } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { DEFAULT_DRAIN_MS, type DrainOptions } from '../../lifecycle.js'
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
  const { self, peers } = targetsOf(args)
  const peerResults = Promise.all(
    peers.map((server) =>
      ctx.admin.peers!.service(server, 'restart').then(
        (answer) => peerErrors(server, answer),
        (error: unknown) => [`${new URL(server).host} did not restart: ${(error as Error).message}`],
      ),
    ),
  )
  const here = self
    ? await restartHere(ctx, { drainMs: drainMsOf(args), except: res })
    : { errors: [], cancelled: 0, failedTargets: [] }
  const errors = [...here.errors, ...(await peerResults).flat()]
  sendJson(res, 200, {
    status: errors.length === 0 ? 'success' : 'error',
    region: ctx.region,
    cancelled: here.cancelled,
    errors,
    sqsARN: ctx.notifications?.onlineArns() ?? [],
    failedTargets: here.failedTargets,
  })
}

/**
 * Restarts this server (see `Lifecycle.restart`): what its own restart answers with, `errors`
 * naming each enabled target that did not start. A cluster peer asked to restart answers it.
 */
export async function restartHere(ctx: ServerContext, drain: DrainOptions) {
  const result = await ctx.lifecycle.restart(drain)
  const failedTargets = ctx.notifications?.failures() ?? []
  const errors = [
    ...result.errors,
    ...failedTargets.map((failure) => `${failure.arn} did not start: ${failure.error}`),
  ]
  return { cancelled: result.cancelled, errors, failedTargets }
}

/**
 * `POST /silo/admin/v1/service/stop[?drain=<seconds>]`: answers first, then drains running
 * requests and stops the server.
 */
export async function handleServiceStop(args: AdminArgs): Promise<void> {
  const { ctx, res } = args
  const drainMs = drainMsOf(args)
  const { self, peers } = targetsOf(args)
  // The peers are told first (each answers before it stops), then this server stops.
  const errors = (
    await Promise.all(
      peers.map((server) =>
        ctx.admin.peers!.service(server, 'stop').then(
          () => [],
          (error: unknown) => [`${new URL(server).host} did not stop: ${(error as Error).message}`],
        ),
      ),
    )
  ).flat()
  if (self) {
    res.once('finish', () => {
      ctx.admin.stop(drainMs, res).catch((error: unknown) => ctx.logger.error('service stop failed', error))
    })
  }
  sendJson(res, 200, { status: errors.length === 0 ? 'success' : 'error', action: 'stop', errors })
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

/**
 * Which servers a restart or stop acts on: all of a cluster's (this one and its peers), or the
 * one `?server=host:port` names (XSiloAdminInvalidArgument for a server not in the deployment).
 */
function targetsOf({ ctx, query }: AdminArgs): { self: boolean; peers: string[] } {
  const others = ctx.admin.peers?.others() ?? []
  const only = query.get('server')
  if (only === null || only === '') return { self: true, peers: others }
  if (only === ctx.admin.address()) return { self: true, peers: [] }
  const peer = others.find((server) => new URL(server).host === only)
  if (!peer) {
    throw new S3ServerError(
      'XSiloAdminInvalidArgument',
      `server '${only}' is not a server of this deployment (give host:port as info lists it).`,
    )
  }
  return { self: false, peers: [peer] }
}

/** The errors a peer's restart answer lists, each prefixed with the peer. */
function peerErrors(server: string, answer: unknown): string[] {
  const errors = (answer as { errors?: unknown }).errors
  const host = new URL(server).host
  return Array.isArray(errors) ? errors.map((e) => `${host}: ${String(e)}`) : []
}
