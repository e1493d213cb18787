/**
 * A kill window: workers send their queues of requests, each worker one request at a time, and
 * the server is SIGKILLed a drawn delay after the target request was sent. Requests the kill
 * did not reach are never sent.
 */
import type { CrashOp, OpResult } from './crash-ops.js'

/** What one kill window sends, and where it kills. */
export interface KillPlan {
  /** One queue per worker; workers run side by side. */
  queues: CrashOp[][]
  /** The request the kill aims at (it is in one of the queues). */
  target: CrashOp
  /** How long after the target was sent the kill comes. */
  delayMs: number
}

/** What happened in a kill window. */
export interface KillReport {
  results: Map<CrashOp, OpResult>
  /** The requests sent and not answered when the kill came: the kill points. */
  inFlight: CrashOp[]
}

/**
 * Runs the plan and kills with `kill` (which must resolve once the process is gone). Resolves
 * when every request has ended. A target that is never sent (its worker's earlier requests
 * never ended) is an error of the plan, so the kill then comes when all workers are done.
 */
export async function runKillWindow(plan: KillPlan, kill: () => Promise<void>): Promise<KillReport> {
  const results = new Map<CrashOp, OpResult>()
  const sent = new Set<CrashOp>()
  let inFlight: CrashOp[] | undefined
  let killed: Promise<void> | undefined
  const killNow = () => {
    if (killed) return killed
    inFlight = [...sent].filter((op) => !results.has(op))
    killed = kill()
    return killed
  }
  let due: Promise<void> | undefined
  const work = async (queue: CrashOp[]) => {
    for (const op of queue) {
      if (killed) {
        results.set(op, { outcome: 'unsent' })
        continue
      }
      sent.add(op)
      if (op === plan.target) due = sleep(plan.delayMs).then(killNow)
      results.set(op, await op.send())
    }
  }
  await Promise.all(plan.queues.map(work))
  // The kill comes even when every request ended before it (a long delay).
  await (due ?? killNow())
  return { results, inFlight: inFlight ?? [] }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
