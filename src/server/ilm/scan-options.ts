/** How the lifecycle scanner paces itself and which clock it reads (issue 14). */
export interface LifecycleScanOptions {
  /**
   * Most object versions and uploads examined per second; default env SILO_ILM_OBJECTS_PER_SECOND,
   * else 5,000. 0: no sleeping (the scan still hands the event loop back between batches).
   */
  objectsPerSecond?: number
  /**
   * Milliseconds between the end of one full scan and the start of the next; default env
   * SILO_ILM_SCAN_INTERVAL_MS, else one hour. 0: no background scans (the admin hook still runs one).
   */
  intervalMs?: number
  /** Objects examined per batch: the loop is handed back after each; default 100. */
  batchSize?: number
  /** The clock rules are judged by (tests move it forward instead of waiting days). */
  now?: () => Date
}

/** The scanner's settings with defaults applied. */
export interface ResolvedScanOptions {
  objectsPerSecond: number
  intervalMs: number
  batchSize: number
  now: () => Date
}

const DEFAULT_RATE = 5000
const DEFAULT_INTERVAL_MS = 3_600_000
const DEFAULT_BATCH = 100

/**
 * Applies the defaults: the option, then the environment, then the documented default. Throws
 * TypeError naming a value that is not a non-negative whole number.
 *
 * @example resolveScanOptions({ objectsPerSecond: 0 }, process.env)
 */
export function resolveScanOptions(
  options: LifecycleScanOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): ResolvedScanOptions {
  return {
    objectsPerSecond: count(
      'objectsPerSecond / SILO_ILM_OBJECTS_PER_SECOND',
      options.objectsPerSecond ?? env.SILO_ILM_OBJECTS_PER_SECOND,
      DEFAULT_RATE,
    ),
    intervalMs: count(
      'intervalMs / SILO_ILM_SCAN_INTERVAL_MS',
      options.intervalMs ?? env.SILO_ILM_SCAN_INTERVAL_MS,
      DEFAULT_INTERVAL_MS,
    ),
    batchSize: Math.max(1, count('batchSize', options.batchSize, DEFAULT_BATCH)),
    now: options.now ?? (() => new Date()),
  }
}

function count(name: string, value: number | string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new TypeError(`createServer: lifecycle scan ${name} must be a whole number ≥ 0, not '${value}'`)
  }
  return n
}
