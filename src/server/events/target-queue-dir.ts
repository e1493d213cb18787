import { join } from 'node:path'
import type { EventTarget } from './targets/types.js'

/**
 * Where a target's durable queue lives: `<queueDir>/<kind>-<id>`, so targets configured with
 * the same `queueDir` never share (and corrupt) one queue. The id is percent-encoded because
 * it comes from configuration and may contain `/`.
 */
export function targetQueueDir(queueDir: string, target: Pick<EventTarget, 'kind' | 'id'>): string {
  return join(queueDir, `${target.kind}-${encodeURIComponent(target.id)}`)
}
