/** Retry delays for a target that keeps failing. */
export interface BackoffOptions {
  /** First delay; default 100 ms. */
  initialMs?: number
  /** Ceiling; default 30 s. */
  maxMs?: number
}

/**
 * The delay before retry number `attempt` (0-based): the ceiling doubles from `initialMs` up to
 * `maxMs`, and the delay is drawn from [ceiling/2, ceiling) ("equal jitter"), so targets that
 * fail together do not retry in lockstep while the wait still grows.
 *
 * @example computeBackoff(3, Math.random) // between 400 and 800 ms
 */
export function computeBackoff(attempt: number, random: () => number, options: BackoffOptions = {}): number {
  const initial = options.initialMs ?? 100
  const max = options.maxMs ?? 30_000
  const ceiling = Math.min(max, initial * 2 ** Math.min(attempt, 30))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
