// The performance goals the bench reports against (issue 18's table; docs/benchmarks.md, "Goals").

/** SDK client CPU per 1 KiB op: at most this share of minio-js's, in the same table. */
export const SDK_CPU_RATIO_GOAL = 0.7
/** And a small GET under this many µs of client CPU. */
export const SDK_GET_CPU_GOAL_US = 100
/** Silo server ops/s ÷ s3rver's at concurrency 16, per operation. */
export const SERVER_SPEEDUP_GOALS = { put: 5, get: 8, head: 8 }

/** A goal row: {goal, where, measured, met (true/false/null when not measured)}. */
export function goalRow(goal, where, measured, met) {
  return { goal, where, measured, met }
}

/** Silo SDK client CPU per 1 KiB op against minio-js's, from one SDK section's rows. */
export function checkSdkCpuGoal(rows, where, op) {
  const silo = rows.find((r) => r.label === 'Silo SDK')
  const minio = rows.find((r) => r.label === 'minio-js')
  const getToo = op === 'get' ? ` and < ${SDK_GET_CPU_GOAL_US} µs` : ''
  const goal = `Silo SDK client CPU per 1 KiB ${op.toUpperCase()} ≤ ${SDK_CPU_RATIO_GOAL}× minio-js's${getToo}`
  if (!silo || silo.error || !minio || minio.error) {
    const why = silo?.error ?? minio?.error ?? 'a row is missing'
    return goalRow(goal, where, `not measured (${why})`, null)
  }
  const ratio = silo.clientUs / minio.clientUs
  const met = ratio <= SDK_CPU_RATIO_GOAL && (op !== 'get' || silo.clientUs < SDK_GET_CPU_GOAL_US)
  return goalRow(
    goal,
    where,
    `${ratio.toFixed(2)}× (${silo.clientUs.toFixed(0)} µs; minio-js ${minio.clientUs.toFixed(0)} µs)`,
    met,
  )
}

/**
 * Silo server ops/s over s3rver's, from one server section's rows, against the goal for `op`
 * (null where the issue sets none: concurrency 1).
 */
export function checkServerSpeedGoal(rows, where, op, concurrency) {
  const target = concurrency === 16 ? SERVER_SPEEDUP_GOALS[op] : undefined
  if (!target) return null
  const silo = rows.find((r) => r.label === 'Silo server')
  const s3rver = rows.find((r) => r.label === 's3rver')
  const goal = `Silo server ≥ ${target}× s3rver ops/s`
  if (!silo || silo.error || !s3rver || s3rver.error) {
    return goalRow(goal, where, `not measured (${silo?.error ?? s3rver?.error ?? 'a row is missing'})`, null)
  }
  // On two cores ops/s is shared with the load generator; server CPU per op says how far
  // apart the servers themselves are.
  const cpuRatio = s3rver.serverUs / silo.serverUs
  return goalRow(
    goal,
    where,
    `${silo.ratio.toFixed(2)}× (s3rver spends ${cpuRatio.toFixed(1)}× Silo's server CPU per op)`,
    silo.ratio >= target,
  )
}

/** A ratio goal `measured ≥ target` (or ≤ with `atMost`), NaN as not measured. */
export function checkRatioGoal({ goal, where, ratio, target, atMost = false, detail = '' }) {
  if (!Number.isFinite(ratio))
    return goalRow(goal, where, `not measured${detail ? ` (${detail})` : ''}`, null)
  return goalRow(
    goal,
    where,
    `${ratio.toFixed(2)}×${detail ? ` (${detail})` : ''}`,
    atMost ? ratio <= target : ratio >= target,
  )
}

/** "met", "NOT met" or "not measured". */
export function describeGoalStatus(goal) {
  if (goal.met === null) return 'not measured'
  return goal.met ? 'met' : 'NOT met'
}
