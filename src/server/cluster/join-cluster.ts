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
        ctx.admin
          .stop(DEFAULT_DRAIN_MS)
          .catch((error: unknown) => ctx.logger.error('service stop failed', error))
      })
      return {}
    },
  })
  // A listen client on this server hears every server's events.
  ctx.listenAcross = (local, filter) =>
    mergePeerEvents(local, filter, cluster.peers.others(), cluster.secretKey)
  // Each notice names its publisher, which already holds what changed: only the others reload.
  const self = coordinator.self.id
  const tell = (topic: string, what: string, bucket = '') => {
    coordinator
      .publish(topic, JSON.stringify({ from: self, bucket }))
      .catch((error: unknown) => warn(`cannot tell the others of ${what}: ${error}`))
  }
  const hear = (topic: string, fn: (bucket: string) => Promise<void>, what: string) => {
    coordinator.onNotice(topic, (payload) => {
      const notice = parseNotice(payload)
      if (!notice || notice.from === self) return
      fn(notice.bucket).catch((error: unknown) => warn(`cannot reload ${what}: ${(error as Error).message}`))
    })
  }
  iam.onChange = () => tell(IAM_TOPIC, 'an IAM change')
  hear(IAM_TOPIC, () => iam.load(), 'IAM')
  events.onRulesChange = (bucket) => tell(NOTIFY_TOPIC, `bucket ${bucket}'s rules`, bucket)
  hear(NOTIFY_TOPIC, (bucket) => events.refreshBucket(bucket), "a bucket's notification rules")
}

/** A notice's `{ from, bucket }`, or undefined for one this version does not read. */
function parseNotice(payload: string): { from: string; bucket: string } | undefined {
  try {
    const notice = JSON.parse(payload) as { from?: unknown; bucket?: unknown }
    if (typeof notice.from !== 'string' || typeof notice.bucket !== 'string') return undefined
    return { from: notice.from, bucket: notice.bucket }
  } catch {
    return undefined
  }
}
