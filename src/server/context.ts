import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AdminServices } from './admin/admin-services.js'
import type { AuthContext, Authentication } from './auth/auth-context.js'
import type { CorsPolicy } from './cors/cors-policy.js'
import type { BucketEvents } from './events/bucket-events.js'
import type { EventPublisher, ObjectEvent, StagedEvent } from './events/event-publisher.js'
import type { ListenFilter } from './events/listeners.js'
import type { Subscription } from './events/subscription.js'
import type { Iam } from './iam/iam.js'
import type { Lifecycle } from './lifecycle.js'
import type { Logger } from './logger.js'
import type { S3Route } from './router/route-request.js'
import type { ObjectLayer } from './storage/object-layer.js'

/** Everything a handler may use that lives as long as the server. */
export interface ServerContext {
  storage: ObjectLayer
  /** The region the server reports: the configured one, else us-east-1 (server-region.ts). */
  region: string
  /**
   * The configured region; '' when none is, and then any region is accepted in signatures and
   * as a LocationConstraint (as MinIO without a region).
   */
  configuredRegion: string
  /** Domain for virtual-host-style addressing (`<bucket>.<domain>`), if configured. */
  domain: string | undefined
  /** Which web origins may call the server from a browser; absent: any. */
  cors?: CorsPolicy
  auth: AuthContext
  logger: Logger
  /**
   * Where bucket events go (the notifier: rules → durable target queues → listeners). Absent
   * when the server runs without the event pipeline; then events go nowhere.
   */
  events?: EventPublisher
  /** Bucket notification configuration and listen subscriptions (the same service as `events`). */
  notifications?: BucketEvents
  /**
   * Distributed mode: turns a listen client's subscription to this server's events into one to
   * every server's (peer-listen.ts).
   */
  listenAcross?: (local: Subscription, filter: ListenFilter) => Subscription
  /** Root credential, IAM users and canned policies. */
  iam: Iam
  /** Start time, configuration in effect, in-flight requests, restart and stop. */
  lifecycle: Lifecycle
  /** What the admin API needs from the running server (config store, traffic, stop). */
  admin: AdminServices
}

/** One authenticated, authorized request on its way to a handler. */
export interface HandlerArgs {
  ctx: ServerContext
  req: IncomingMessage
  res: ServerResponse
  route: S3Route
  auth: Authentication
  requestId: string
  /**
   * Publishes the operation's bucket events. Handlers call it after the operation succeeded
   * and BEFORE answering, so an event is durably queued before the client sees success.
   */
  emit(events: ObjectEvent[]): Promise<void>
  /**
   * Stages the event of an object write to be committed with the object (the storage outbox:
   * docs/events.md). Pass it to the write as `outbox`; if the write returns and it is not
   * `done` (a backend without an outbox), `emit` the event before answering as usual.
   * Undefined when nobody watches the bucket or the storage has no outbox.
   */
  stage(event: Omit<ObjectEvent, 'object'>): StagedEvent | undefined
}

/** Handles one S3 operation; throws S3ServerError to answer with an error. */
export type Handler = (args: HandlerArgs) => Promise<void>
