import { parseArn } from '../../shared/events/arn.js'
import { type GatedTarget, gateTarget } from './gated-target.js'
import type { EventLog } from './log.js'
import type { TargetQueueSettings } from './notifier.js'
import type { QueueHome } from './queue-home.js'
import type { CommonParams } from './targets/common-params.js'
import { withTimeout } from './targets/connection.js'
import { formatTargetArn } from './targets/message.js'
import {
  type ConfiguredTarget,
  createTarget,
  parseNotifyConfig,
  TARGET_FACTORIES,
} from './targets/registry.js'
import { describeError, TargetError } from './targets/target-error.js'
import type { TargetFactory, TargetKind } from './targets/types.js'

export interface TargetSetOptions {
  /** The configuration's `notify` member. */
  notify: unknown
  /** Region written into ARNs: '' (current setups, as the seed says). */
  arnRegion?: string
  log: EventLog
  /** How long start-up waits for each target's `open`; default 5 s. Slower ones keep trying in the background. */
  openTimeoutMs?: number
  /**
   * Where targets without `queueDir` keep their durable queues (asked only when a target is
   * configured, so a server without targets makes no queue folder); without it, in memory.
   */
  findQueueHome?: () => Promise<QueueHome | undefined>
  factories?: Partial<Record<TargetKind, TargetFactory>>
}

/** The configured targets of a running server. */
export interface TargetSet {
  /** Every enabled, valid target (also those that are down: their queues take events). */
  readonly targets: readonly GatedTarget[]
  /** Queue settings (`queueDir`, `queueLimit`) by ARN. */
  readonly queues: Record<string, TargetQueueSettings>
  /** The target an ARN names, matched by id and kind (its region may be '' or the server's). */
  find(arn: string): GatedTarget | undefined
  /** ARNs of the targets whose `open` has succeeded, in configuration order. */
  onlineArns(): string[]
  /**
   * The enabled instances that did not start at this start or restart, each with its reason:
   * invalid parameters (not configured at all), or an `open` that failed or timed out (kept,
   * queueing and retrying). `service restart` answers with them.
   */
  readonly failures: readonly TargetFailure[]
  close(): Promise<void>
}

/** An enabled target instance that did not start, and why. */
export interface TargetFailure {
  /** The ARN the instance has (or would have, when its parameters are invalid). */
  arn: string
  error: string
}

/**
 * Builds every enabled target of `notify` and opens them all in parallel, each bounded by
 * `openTimeoutMs`. One bad instance (a wrong field, an unknown kind) is logged and skipped
 * without touching the others, and a target that does not open is kept: its queue accepts
 * events and it keeps re-opening in the background, delivering once it comes back.
 *
 * @example
 * const set = await startTargets({ notify: config.notify, log })
 * console.log(`SQS ARNs: ${set.onlineArns().join(' ')}`)
 */
export async function startTargets(options: TargetSetOptions): Promise<TargetSet> {
  const { log } = options
  const factories = options.factories ?? TARGET_FACTORIES
  const targets: GatedTarget[] = []
  const queues: Record<string, TargetQueueSettings> = {}
  const failures: TargetFailure[] = []
  const instances = parseEachInstance(options.notify, factories, log, (kind, id, error) =>
    failures.push({ arn: formatTargetArn(options.arnRegion ?? '', id, kind), error }),
  )
  const queueHome = instances.length > 0 ? await options.findQueueHome?.() : undefined
  for (const configured of instances) {
    const target = gateTarget(createTarget(configured, options.arnRegion ?? '', factories), {
      log,
      backoff: { initialMs: 1000, maxMs: 30_000 },
    })
    targets.push(target)
    queues[target.arn] = queueSettingsOf(configured.params, queueHome)
  }
  const timeoutMs = options.openTimeoutMs ?? 5000
  await Promise.all(
    targets.map(async (target) => {
      try {
        await withTimeout(target.open(), timeoutMs, 'open')
      } catch (e) {
        log(`${target.arn}: not started (${describeError(e)}); events are queued and it keeps retrying`)
        // A TargetError's message starts with the ARN, which the failure names already.
        failures.push({ arn: target.arn, error: describeError(e instanceof TargetError ? e.cause : e) })
        target.retryOpenInBackground()
      }
    }),
  )
  // In configuration order, as the ARN line (the opens above finish in any order).
  const order = targets.map((t) => t.arn)
  failures.sort((a, b) => order.indexOf(a.arn) - order.indexOf(b.arn))
  const byIdKind = new Map(targets.map((t) => [`${t.id}:${t.kind}`, t]))
  return {
    targets,
    queues,
    find(arn) {
      try {
        const { id, kind } = parseArn(arn)
        return byIdKind.get(`${id}:${kind}`)
      } catch {
        return undefined
      }
    },
    onlineArns: () => targets.filter((t) => t.opened).map((t) => t.arn),
    failures,
    async close() {
      await Promise.all(targets.map((t) => t.close().catch(() => undefined)))
    },
  }
}

/**
 * A target's queue: in its `queueDir`, else in the queue home. Events an earlier start left in
 * the home's other places (another drive, or the home itself before `queueDir` was set) are
 * moved into it, so `queueDir` only moves the queue.
 */
function queueSettingsOf(
  params: Pick<CommonParams, 'queueDir' | 'queueLimit'>,
  home: QueueHome | undefined,
): TargetQueueSettings {
  const queueDir = params.queueDir ?? home?.dir
  const adoptFrom = home ? [home.dir, ...home.strays].filter((dir) => dir !== queueDir) : []
  return {
    ...(queueDir ? { queueDir } : {}),
    ...(params.queueLimit ? { queueLimit: params.queueLimit } : {}),
    ...(adoptFrom.length > 0 ? { adoptFrom } : {}),
  }
}

/**
 * Parses the `notify` member one instance at a time, so an error in one instance (logged,
 * naming its field) leaves the others configured, as MinIO does since PR #6126.
 */
function parseEachInstance(
  notify: unknown,
  factories: Partial<Record<TargetKind, TargetFactory>>,
  log: EventLog,
  fail: (kind: string, id: string, error: string) => void,
): ConfiguredTarget[] {
  if (notify === undefined || notify === null) return []
  if (typeof notify !== 'object' || Array.isArray(notify)) {
    log('notify: must be an object; no event targets are configured')
    return []
  }
  const configured: ConfiguredTarget[] = []
  for (const [kind, instances] of Object.entries(notify as Record<string, unknown>)) {
    const entries =
      typeof instances === 'object' && instances !== null && !Array.isArray(instances)
        ? Object.entries(instances)
        : [[undefined, instances] as const]
    for (const [id, raw] of entries) {
      const single = id === undefined ? { [kind]: raw } : { [kind]: { [id]: raw } }
      try {
        configured.push(...parseNotifyConfig(single, factories))
      } catch (e) {
        log(`${describeError(e)}; this target is not configured`)
        fail(kind, id ?? '', describeError(e))
      }
    }
  }
  return configured
}
