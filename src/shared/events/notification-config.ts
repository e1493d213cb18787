import type { S3ErrorCode } from '../errors/catalogue.js'
import type { EventName, EventWildcard } from './event-names.js'
import type { KeyFilter } from './filter-rules.js'

/**
 * One validated queue rule of a bucket's notification configuration: send events named in
 * `events` whose key passes `filter` to the target `arn`.
 */
export interface QueueRule {
  /** The `Id` element; optional in S3 and kept as given. */
  id?: string
  arn: string
  /** As written in the configuration (wildcards kept), so GET returns what PUT stored. */
  events: (EventName | EventWildcard)[]
  filter: KeyFilter
}

/** A validated bucket notification configuration. Silo supports queue rules only. */
export interface NotificationConfig {
  queues: QueueRule[]
}

/** A `FilterRule` as written, before validation. */
export interface RawFilterRule {
  name: string
  value: string
}

/** One `QueueConfiguration`/`TopicConfiguration`/`CloudFunctionConfiguration`, as written. */
export interface RawRule {
  id?: string
  /** The `Queue`, `Topic` or `CloudFunction` element. */
  arn: string
  events: string[]
  filterRules: RawFilterRule[]
}

/** The XML document as parsed, before validation. */
export interface RawNotificationConfig {
  queues: RawRule[]
  topics: RawRule[]
  cloudFunctions: RawRule[]
}

/**
 * A notification configuration the server must refuse: a catalogued S3 error code and a
 * message naming what was wrong. The server turns it into its S3 error response.
 */
export class NotificationConfigError extends Error {
  override readonly name = 'NotificationConfigError'
  constructor(
    readonly code: S3ErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** Guards `e` as a NotificationConfigError, across module copies. */
export function isNotificationConfigError(e: unknown): e is NotificationConfigError {
  return e instanceof Error && e.name === 'NotificationConfigError' && 'code' in e
}
