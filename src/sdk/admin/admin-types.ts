/** Types of the admin API's requests and results, as `AdminClient` returns them. */
import type { HealSettings, HealStatusItem, HealSummary } from '../../shared/admin/heal.js'

/** Whether a user's requests are accepted. */
export type UserStatus = 'enabled' | 'disabled'

/**
 * One server's information record (`serverInfo()` returns one per server).
 * @example
 * const [info] = await admin.serverInfo(); console.log(info.server.uptime, info.storage.used)
 */
export type { ServerInfo } from '../../shared/admin/server-info.js'

/**
 * `serviceStatus()`: uptime in seconds and the build.
 * @example
 * const { uptime } = await admin.serviceStatus()
 */
export interface ServiceStatus {
  status: string
  uptime: number
  serverVersion: { version: string; commitID: string }
}

/**
 * `serviceRestart()`: the outcome of an in-place restart.
 * @example
 * const { errors, sqsARN } = await admin.serviceRestart()
 */
export interface ServiceRestartResult {
  /** 'success', or 'error' when something did not come up (see `errors`). */
  status: string
  /** The region in effect after the restart. */
  region: string
  /** Requests cut because they outlasted the drain time. */
  cancelled: number
  /** One sentence per problem: a reload step that failed, each target that did not start. */
  errors: string[]
  /** ARNs of the notification targets that started (the server's `SQS ARNs:` line). */
  sqsARN: string[]
  /**
   * Each enabled notification target that did not start, and why: invalid parameters, a
   * broker that refused, or a webhook endpoint that is not live (a configuration fault). Such a
   * target (but an invalid one) still queues its events and keeps retrying.
   */
  failedTargets: { arn: string; error: string }[]
}

/**
 * How long requests that are running may take to finish before a restart or stop cancels them.
 * @example
 * await admin.serviceRestart({ drainSeconds: 30 })
 */
export interface ServiceActionOptions {
  /** Seconds, 0–600; default 5. */
  drainSeconds?: number
}

/**
 * A user as `listUsers()` reports it; the secret key is never listed.
 * @example
 * for (const u of await admin.listUsers()) console.log(u.accessKey, u.status, u.policy)
 */
export interface UserInfo {
  accessKey: string
  status: UserStatus
  /** The canned policy attached to the user. */
  policy: string
}

/**
 * A canned policy as `listCannedPolicies()` reports it.
 * @example
 * const names = (await admin.listCannedPolicies()).map((p) => p.name)
 */
export interface CannedPolicy {
  name: string
  /** True for `readonly`, `readwrite`, `writeonly` when no added policy replaces them. */
  builtIn: boolean
  /** The policy document. */
  policy: Record<string, unknown>
}

/**
 * The server configuration document (`getConfig()` / `setConfig()`).
 * @example
 * const config = await admin.getConfig(); config.region = 'eu-west-1'; await admin.setConfig(config)
 */
export interface ServerConfigDocument {
  /** Format version, "1". */
  version: string
  /** Region; '' means the server's start-up region. */
  region: string
  /** Notification targets: kind → instance id → parameters. */
  notify: Record<string, Record<string, Record<string, unknown>>>
  /** Erasure-coded servers: parity per storage class, `"EC:<parity>"` or `""` for the default. */
  storageclass?: { standard: string; rrs: string }
}

/**
 * What to heal (erasure-coded setups only).
 * @example
 * await admin.heal({ bucket: 'photos', recursive: true, dryRun: true })
 */
export interface HealOptions {
  bucket?: string
  prefix?: string
  recursive?: boolean
  dryRun?: boolean
  forceStart?: boolean
}

/**
 * What `heal()` and `stopHeal()` answer (`HealStartResult`), and the shapes a heal status
 * carries: drive states, result items (numbered by `resultId`), settings.
 * @example
 * const missing = item.before.drives.filter((d) => d.state === 'missing').length
 */
export type {
  DriveState,
  DriveStatus,
  HealItemType,
  HealResultItem,
  HealSettings,
  HealStartResult,
  HealStatusItem,
  HealSummary,
} from '../../shared/admin/heal.js'

/**
 * Which heal sequence to poll: its path and the token its start returned.
 * @example
 * await admin.healStatus({ bucket: 'photos', clientToken })
 */
export interface HealStatusOptions {
  bucket?: string
  prefix?: string
  clientToken: string
}

/**
 * Which heal sequence to stop: its path.
 * @example
 * await admin.stopHeal({ bucket: 'photos' })
 */
export interface HealStopOptions {
  bucket?: string
  prefix?: string
}

/**
 * A poll of a heal sequence: where it is and the items gathered since the previous poll (each
 * item is handed out once).
 * @example
 * const { summary, items } = await admin.healStatus({ bucket: 'photos', clientToken })
 */
export interface HealStatus {
  summary: HealSummary
  /** Why the sequence stopped ('' when it did not fail). */
  detail: string
  startTime: string
  /** Drives of the deployment, online and offline. */
  numDisks: number
  settings: HealSettings
  /** The items since the previous poll ([] when none). */
  items: HealStatusItem[]
}
