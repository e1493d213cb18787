/**
 * What the bucket-event end-to-end tests share: targets configured the way a user does it
 * (AdminClient config set + service restart), a bucket watched with one queue rule, and a root
 * client for a server running in a child process.
 */
import { expect } from 'vitest'
import {
  AdminClient,
  Client,
  NotificationConfig,
  type NotificationEvent,
  ObjectCreatedAll,
  QueueConfig,
} from '../../../src/index.js'
import type { Sink } from '../../server/events/support/sinks.js'
import { checkService } from '../../server/events/targets/helpers/service.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer } from './server.js'

/** A target to configure: its kind, the port of the service it needs (none: always), its parameters. */
export interface TargetCase {
  kind: string
  port?: number
  params(id: string): Record<string, unknown>
}

/** A configured target: its id, its ARN and where what it received is read. */
export interface LiveTarget {
  id: string
  arn: string
  sink: Sink
}

/** Options of `configureTargets`. */
export interface ConfigureTargetsOptions<C extends TargetCase> {
  cases: C[]
  /** Target ids are this followed by the case's index. */
  idPrefix: string
  /** Opens the reader of a case's target (before the restart, so it sees everything). */
  openSink(c: C, id: string): Sink | Promise<Sink>
  /** Filled as targets are configured, so an afterAll can close every sink opened. */
  live: Map<C, LiveTarget>
}

/**
 * Configures every case whose service is up as a target of `server` through the admin API
 * (config set + service restart, as a user does), expects the restart to report no error, and
 * returns the ARNs the restarted server lists.
 */
export async function configureTargets<C extends TargetCase>(
  server: RunningServer,
  { cases, idPrefix, openSink, live }: ConfigureTargetsOptions<C>,
): Promise<string[]> {
  const notify: Record<string, Record<string, Record<string, unknown>>> = {}
  for (const [i, c] of cases.entries()) {
    if (c.port !== undefined && !(await checkService(c.kind, c.port)).up) continue
    const id = `${idPrefix}${i}`
    notify[c.kind] = { ...notify[c.kind], [id]: { enable: true, ...c.params(id) } }
    live.set(c, { id, arn: `arn:silo:sqs::${id}:${c.kind}`, sink: await openSink(c, id) })
  }
  const admin = new AdminClient({
    endPoint: server.host,
    port: server.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  })
  await admin.setConfig({ version: '1', region: '', notify })
  const restart = await admin.serviceRestart()
  expect(restart).toMatchObject({ errors: [] })
  return restart.sqsARN
}

/** Sends `events` (default: every ObjectCreated) of `bucket` to the target `arn`: one queue rule. */
export async function watchBucket(
  client: Client,
  bucket: string,
  arn: string,
  events: readonly NotificationEvent[] = [ObjectCreatedAll],
): Promise<void> {
  const config = new NotificationConfig()
  const queue = new QueueConfig(arn)
  for (const event of events) queue.addEvent(event)
  config.add(queue)
  await client.setBucketNotification(bucket, config)
}

/** A client for the server at `url` (one in a child process) with its root credential. */
export function rootClientAt(url: string, root: { rootUser: string; rootPassword: string }): Client {
  const { hostname, port } = new URL(url)
  return new Client({
    endPoint: hostname,
    port: Number(port),
    useSSL: false,
    accessKey: root.rootUser,
    secretKey: root.rootPassword,
  })
}
