import { type EventName, expandEventNames } from './event-names.js'
import { type KeyFilter, matchesKeyFilter } from './filter-rules.js'
import type { NotificationConfig } from './notification-config.js'

/** One compiled rule: keys passing the filter go to every ARN in `arns`. */
export interface CompiledRule extends KeyFilter {
  readonly arns: readonly string[]
}

/** A bucket's rules, compiled: concrete event name → rules (MinIO facts §3.4 "rules"). */
export type BucketRules = ReadonlyMap<EventName, readonly CompiledRule[]>

/**
 * Compiles a validated configuration: wildcards expanded, and rules with the same event and
 * filter merged into one entry with all their ARNs.
 */
export function compileBucketRules(config: NotificationConfig): BucketRules {
  const byEvent = new Map<EventName, Map<string, { prefix: string; suffix: string; arns: Set<string> }>>()
  for (const queue of config.queues) {
    for (const event of expandEventNames(queue.events)) {
      const filters = getOrCreate(byEvent, event, () => new Map())
      const filterKey = JSON.stringify([queue.filter.prefix, queue.filter.suffix])
      const rule = getOrCreate(filters, filterKey, () => ({ ...queue.filter, arns: new Set<string>() }))
      rule.arns.add(queue.arn)
    }
  }
  const compiled = new Map<EventName, CompiledRule[]>()
  for (const [event, filters] of byEvent) {
    compiled.set(
      event,
      [...filters.values()].map((r) => ({ prefix: r.prefix, suffix: r.suffix, arns: [...r.arns] })),
    )
  }
  return compiled
}

/**
 * The ARNs an event on `key` (raw, not escaped) goes to; each ARN once, even when several rules
 * match.
 */
export function matchRuleTargets(rules: BucketRules, eventName: string, key: string): Set<string> {
  const arns = new Set<string>()
  for (const rule of rules.get(eventName as EventName) ?? []) {
    if (!matchesKeyFilter(key, rule)) continue
    for (const arn of rule.arns) arns.add(arn)
  }
  return arns
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key)
  if (value === undefined) {
    value = create()
    map.set(key, value)
  }
  return value
}
