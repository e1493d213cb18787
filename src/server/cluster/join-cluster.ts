import { restartHere } from '../admin/handlers/service.js'
import { collectServerInfo } from '../admin/server-info.js'
import type { ServerContext } from '../context.js'
import type { BucketEvents } from '../events/bucket-events.js'
import type { Iam } from '../iam/iam.js'
import { DEFAULT_DRAIN_MS } from '../lifecycle.js'
import type { ClusterNode } from './cluster-node.js'
import { mergePeerEvents } from './peer-listen.js'

/** Notice topics: what one server changed that the others keep in memory. */
const IAM_TOPIC = 'iam'
const NOTIFY_TOPIC = 'notify'

/**
 * Ties a started server to its cluster: it answers its peers' `info` and `service` calls, and
 * tells the others (through etcd's notices) when it changes what every server keeps in memory:
 * IAM users, policies and the root credential (the others reload IAM) and a bucket's
 * notification rules (the others re-read that bucket's). Everything else a server reads from
 * the drives on each request, which the erasure set keeps consistent.
 */
export function joinCluster(
  cluster: ClusterNode,
  parts: { ctx: ServerContext; iam: Iam; events: BucketEvents },
): void {
  const { ctx, iam, events } = parts
  const coordinator = cluster.coordinator!
  const warn = (message: string) => ctx.logger.warn(`[silo cluster] ${message}`)
  cluster.peers.serve({
    info: () => collectServerInfo(ctx),
    subscribe: (filter) => events.subscribe(filter),
    async service(action) {
      if (action === 'restart') return restartHere(ctx, { drainMs: DEFAULT_DRAIN_MS })
      // Answer first, then drain and stop.
      setImmediate(() => {
        ctx.admin.stop(DEFAULT_DRAIN_MS).catch((error: unknown) => ctx.logger.error('service stop failed', error))
      })
      return {}
    },
  })
  // A listen client on this server hears every server's events.
  ctx.listenAcross = (local, filter) =>
    mergePeerEvents(local, filter, cluster.peers.others(), cluster.secretKey)
  iam.onChange = () => {
    coordinator
      .publish(IAM_TOPIC)
      .catch((error: unknown) => warn(`cannot tell the others of an IAM change: ${error}`))
  }
  coordinator.onNotice(IAM_TOPIC, () => {
    iam.load().catch((error: unknown) => warn(`cannot reload IAM: ${(error as Error).message}`))
  })
  events.onRulesChange = (bucket) => {
    coordinator
      .publish(NOTIFY_TOPIC, bucket)
      .catch((error: unknown) => warn(`cannot tell the others of bucket ${bucket}'s rules: ${error}`))
  }
  coordinator.onNotice(NOTIFY_TOPIC, (bucket) => {
    if (!bucket) return
    events
      .refreshBucket(bucket)
      .catch((error: unknown) => warn(`cannot reload bucket ${bucket}'s rules: ${(error as Error).message}`))
  })
}
