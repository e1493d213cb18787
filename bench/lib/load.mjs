// Other processes' CPU while a table is measured, read from /proc (Linux): the machine's busy
// time (/proc/stat) minus the bench's own process tree (this process and every descendant,
// /proc/<pid>/stat, children's reaped time included). The pure parsers and the decisions
// (which round ran beside a burst, what the warning says) sit apart from the readings, so
// test/bench/load.test.ts checks them without a busy machine.
import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { CLOCK_TICKS_PER_SECOND } from './proc.mjs'

/**
 * Cores' worth of other processes' CPU above which a round counts as run beside a burst: a
 * quarter of a core takes ~12% of this 2-core machine, enough to tilt one contestant's turn.
 * SILO_BENCH_LOAD_CORES changes it.
 */
export const DEFAULT_LOAD_THRESHOLD = 0.25

/** The threshold in cores: SILO_BENCH_LOAD_CORES, else the default. */
export function loadThreshold(env = process.env) {
  const value = Number(env.SILO_BENCH_LOAD_CORES)
  return env.SILO_BENCH_LOAD_CORES && Number.isFinite(value) && value >= 0 ? value : DEFAULT_LOAD_THRESHOLD
}

/**
 * The busy clock ticks of all CPUs from the text of /proc/stat: user, nice, system, irq and
 * softirq of the aggregate `cpu` line (guest time is inside user already), and steal (time the
 * hypervisor gave another machine) apart.
 */
export function parseMachineStat(text) {
  const line = text.split('\n').find((l) => l.startsWith('cpu '))
  if (!line) throw new Error('no aggregate cpu line in /proc/stat')
  const [user, nice, system, , , irq, softirq, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number)
  return { busy: user + nice + system + irq + softirq, steal }
}

/**
 * pid, parent pid and the CPU ticks of one process from the text of /proc/<pid>/stat: its own
 * user + system time and that of its children it has reaped (cutime, cstime), so the time of a
 * child that exited during a table still counts as the tree's.
 */
export function parseProcessStat(text) {
  // The command name (field 2) may hold spaces and parentheses; fields after the last ')' do not.
  const close = text.lastIndexOf(')')
  const pid = Number(text.slice(0, text.indexOf(' ')))
  const fields = text.slice(close + 2).split(' ')
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])
  return { pid, ppid: Number(fields[1]), ticks }
}

/** The pids of `root` and all its descendants, from `processes` = [{pid, ppid}]. */
export function descendantsOf(processes, root) {
  const children = new Map()
  for (const { pid, ppid } of processes) {
    if (!children.has(ppid)) children.set(ppid, [])
    children.get(ppid).push(pid)
  }
  const tree = new Set([root])
  const stack = [root]
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()) ?? []) {
      if (!tree.has(child)) {
        tree.add(child)
        stack.push(child)
      }
    }
  }
  return tree
}

/**
 * Cores used by other processes between two snapshots ({at (ms), busy, steal, own} in ticks):
 * {seconds, otherCores, ownCores, stealCores}. The tree's ticks can run ahead of /proc/stat's by
 * a tick or two (the two are read a few ms apart), so others never go below 0.
 */
export function loadBetween(before, after, ticksPerSecond = CLOCK_TICKS_PER_SECOND) {
  const seconds = Math.max(1e-3, (after.at - before.at) / 1000)
  const cores = (ticks) => ticks / ticksPerSecond / seconds
  const own = after.own - before.own
  return {
    seconds,
    otherCores: Math.max(0, cores(after.busy - before.busy - own)),
    ownCores: cores(own),
    stealCores: cores(after.steal - before.steal),
  }
}

/**
 * Sums the readings of one table's kept rounds ({seconds, otherCores, ...}[]) and counts
 * those above `threshold`: {seconds, otherCores (time-weighted mean), maxCores, loadedRounds,
 * rounds, retries}.
 */
export function summarizeLoad(readings, { threshold = DEFAULT_LOAD_THRESHOLD, retries = 0 } = {}) {
  const seconds = readings.reduce((sum, r) => sum + r.seconds, 0)
  const weighted = readings.reduce((sum, r) => sum + r.otherCores * r.seconds, 0)
  return {
    seconds,
    otherCores: seconds > 0 ? weighted / seconds : Number.NaN,
    maxCores: readings.length > 0 ? Math.max(...readings.map((r) => r.otherCores)) : Number.NaN,
    stealCores: seconds > 0 ? readings.reduce((sum, r) => sum + r.stealCores * r.seconds, 0) / seconds : 0,
    loadedRounds: readings.filter((r) => r.otherCores > threshold).length,
    rounds: readings.length,
    retries,
    threshold,
  }
}

/** One summary for several tables' summaries (a table made of several measurements); null for none. */
export function combineLoads(summaries) {
  const present = summaries.filter(Boolean)
  if (present.length === 0) return null
  const seconds = present.reduce((sum, s) => sum + s.seconds, 0)
  const mean = (field) => present.reduce((sum, s) => sum + s[field] * s.seconds, 0) / seconds
  const total = (field) => present.reduce((sum, s) => sum + s[field], 0)
  return {
    seconds,
    otherCores: mean('otherCores'),
    maxCores: Math.max(...present.map((s) => s.maxCores)),
    stealCores: mean('stealCores'),
    loadedRounds: total('loadedRounds'),
    rounds: total('rounds'),
    retries: total('retries'),
    threshold: present[0].threshold,
    sustained: present.some((s) => s.sustained),
  }
}

/** Whether a summary says the table's figures were taken under load. */
export const isUnderLoad = (summary) =>
  Boolean(summary) && (summary.loadedRounds > 0 || summary.otherCores > summary.threshold)

/** The line printed under every table: other processes' CPU while it ran. */
export function describeLoad(summary) {
  if (!summary || !Number.isFinite(summary.otherCores)) return null
  const retried = summary.retries ? `; ${summary.retries} round(s) repeated after a burst` : ''
  const sustained = summary.sustained
    ? '; sustained (no quiet window after a wait for one), so later rounds were kept'
    : ''
  const steal = summary.stealCores >= 0.05 ? `; steal ${summary.stealCores.toFixed(2)} cores` : ''
  return `other processes' CPU: ${summary.otherCores.toFixed(2)} cores on average, ${summary.maxCores.toFixed(2)} in the busiest round${retried}${sustained}${steal}`
}

/** The warning printed under a table whose ratios were taken under load, or null. */
export function describeLoadWarning(summary) {
  if (!isUnderLoad(summary)) return null
  const rounds =
    summary.loadedRounds > 0
      ? `${summary.loadedRounds} of ${summary.rounds} kept rounds ran beside more than ${summary.threshold} cores of other work`
      : `other work averaged more than ${summary.threshold} cores`
  return `⚠ **taken under load**: ${rounds} (${summary.otherCores.toFixed(2)} cores on average); its ratios may be off, repeat on a quiet machine.`
}

// ---- readings ----

/** The whole machine's busy and steal ticks now. */
function readMachine() {
  return parseMachineStat(readFileSync('/proc/stat', 'utf8'))
}

/** CPU ticks of `root`'s process tree now (processes gone between listing and reading are skipped). */
export function readTreeTicks(root = process.pid) {
  const processes = []
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue
    try {
      processes.push(parseProcessStat(readFileSync(`/proc/${name}/stat`, 'utf8')))
    } catch {
      // exited meanwhile
    }
  }
  const tree = descendantsOf(processes, root)
  return processes.reduce((sum, p) => (tree.has(p.pid) ? sum + p.ticks : sum), 0)
}

/** A snapshot for loadBetween; null where /proc cannot be read (not Linux). */
export function snapshotLoad() {
  try {
    const own = readTreeTicks()
    const { busy, steal } = readMachine()
    return { at: performance.now(), busy, steal, own }
  } catch {
    return null
  }
}

/** Starts a reading; `stop()` returns {seconds, otherCores, ownCores, stealCores} or null off Linux. */
export function startLoadProbe() {
  const before = snapshotLoad()
  return {
    stop() {
      const after = before && snapshotLoad()
      return after ? loadBetween(before, after) : null
    },
  }
}

/**
 * Waits until other processes use at most `threshold` cores over a window of `windowMs`, for at
 * most `maxMs`; resolves with whether it got quiet.
 */
export async function waitForQuiet({ threshold = loadThreshold(), maxMs = 3000, windowMs = 250 } = {}) {
  const deadline = performance.now() + maxMs
  for (;;) {
    const probe = startLoadProbe()
    await sleep(windowMs)
    const reading = probe.stop()
    if (!reading || reading.otherCores <= threshold) return true
    if (performance.now() >= deadline) return false
  }
}

/**
 * Runs `measure()` (one round: its result, or an array of them), reading the load around it; a
 * round beside a burst is repeated once the machine is quiet again, at most `retries` times.
 * When it does not get quiet within the wait, the load is sustained, not a burst: repeating
 * would measure the same load again, so the round is kept. Returns {value, reading, retried,
 * sustained}: the last attempt's value and reading. `probe` and `quiet` stand in for the /proc
 * readings in tests.
 */
export async function measureRoundWithLoad(
  measure,
  {
    retries = 2,
    threshold = loadThreshold(),
    log,
    probe = startLoadProbe,
    quiet = waitForQuiet,
    quietMs = 3000,
  } = {},
) {
  for (let attempt = 0; ; attempt++) {
    const reading = probe()
    const value = await measure()
    const taken = reading.stop()
    if (!taken || taken.otherCores <= threshold || attempt >= retries) {
      return { value, reading: taken, retried: attempt, sustained: false }
    }
    const calm = await quiet({ threshold, maxMs: quietMs })
    if (!calm) {
      log?.(
        `  round beside ${taken.otherCores.toFixed(2)} cores of other work, still busy after a wait: kept`,
      )
      return { value, reading: taken, retried: attempt, sustained: true }
    }
    log?.(`  round beside a burst (${taken.otherCores.toFixed(2)} cores of other work): repeating`)
  }
}

/**
 * Tracks one table's rounds: `round(measure)` runs a round through measureRoundWithLoad within
 * a table-wide budget of retries, and stops repeating once the load proved sustained (a wait for
 * quiet failed); `summary()` sums the kept rounds' readings.
 */
export function createLoadTracker({
  retries = 2,
  budget = 6,
  threshold = loadThreshold(),
  log,
  probe = startLoadProbe,
  quiet = waitForQuiet,
  quietMs = 3000,
} = {}) {
  const readings = []
  let used = 0
  let sustained = false
  return {
    async round(measure) {
      const result = await measureRoundWithLoad(measure, {
        retries: sustained ? 0 : Math.min(retries, budget - used),
        threshold,
        log,
        probe,
        quiet,
        quietMs,
      })
      used += result.retried
      sustained ||= result.sustained
      if (result.reading) readings.push(result.reading)
      return result.value
    },
    /** Adds a reading taken by the caller (a round it ran itself). */
    add(reading) {
      if (reading) readings.push(reading)
    },
    summary: () =>
      readings.length > 0 ? { ...summarizeLoad(readings, { threshold, retries: used }), sustained } : null,
  }
}
