/**
 * S3 event names Silo emits, and the wildcards configurations may use
 * (MinIO facts §3.1; AWS "Supported event types").
 */

/** Every concrete event name, in the seed's order plus the reduced-redundancy one S3 knows. */
export const EVENT_NAMES = [
  's3:ObjectCreated:Put',
  's3:ObjectCreated:Post',
  's3:ObjectCreated:Copy',
  's3:ObjectCreated:CompleteMultipartUpload',
  's3:ObjectAccessed:Get',
  's3:ObjectAccessed:Head',
  's3:ObjectRemoved:Delete',
  's3:ReducedRedundancyLostObject',
] as const

/** A concrete event name. */
export type EventName = (typeof EVENT_NAMES)[number]

/** Wildcard names and what each expands to. */
export const EVENT_WILDCARDS = {
  's3:ObjectCreated:*': EVENT_NAMES.filter((n) => n.startsWith('s3:ObjectCreated:')),
  's3:ObjectAccessed:*': EVENT_NAMES.filter((n) => n.startsWith('s3:ObjectAccessed:')),
  's3:ObjectRemoved:*': EVENT_NAMES.filter((n) => n.startsWith('s3:ObjectRemoved:')),
} as const satisfies Record<string, readonly EventName[]>

/** A wildcard event name such as `s3:ObjectCreated:*`. */
export type EventWildcard = keyof typeof EVENT_WILDCARDS

/** The default event list when a user names none (seed: "Bucket notification configuration"). */
export const DEFAULT_EVENTS: readonly EventWildcard[] = ['s3:ObjectCreated:*', 's3:ObjectRemoved:*']

/** Whether `name` is a concrete event name. */
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name)
}

/** Whether `name` is a wildcard event name. */
export function isEventWildcard(name: unknown): name is EventWildcard {
  return typeof name === 'string' && Object.hasOwn(EVENT_WILDCARDS, name)
}

/**
 * The concrete names `name` stands for, or `undefined` when it is neither a concrete nor a
 * wildcard name.
 *
 * @example expandEventName('s3:ObjectRemoved:*') // ['s3:ObjectRemoved:Delete']
 */
export function expandEventName(name: string): readonly EventName[] | undefined {
  if (isEventName(name)) return [name]
  if (isEventWildcard(name)) return EVENT_WILDCARDS[name]
  return undefined
}

/**
 * The union of the concrete names in `names`, in `EVENT_NAMES` order, each once.
 * Throws on an unknown name; validate first where input comes from users.
 */
export function expandEventNames(names: readonly string[]): EventName[] {
  const set = new Set<EventName>()
  for (const name of names) {
    const expanded = expandEventName(name)
    if (!expanded) throw new TypeError(`unknown event name: ${JSON.stringify(name)}`)
    for (const n of expanded) set.add(n)
  }
  return EVENT_NAMES.filter((n) => set.has(n))
}
