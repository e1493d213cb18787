// The whole markdown report: header, goals summary, then one block per scenario.
import os from 'node:os'
import { describeGoalStatus } from './goals.mjs'
import { describeLoad, describeLoadWarning, isUnderLoad, loadThreshold } from './load.mjs'
import { CPU_TICK_MICROS } from './proc.mjs'
import { renderTable } from './table.mjs'

/** Renders the report for `results` = [{scenario, result?, error?}]. */
export function renderReport({ options, command, startedAt, finishedAt, loadBefore, results }) {
  markGoalsUnderLoad(results)
  const goals = results.flatMap((r) => r.result?.goals ?? [])
  return [
    '# Silo benchmarks',
    '',
    ...renderHeader({ options, command, startedAt, finishedAt, loadBefore }),
    '',
    '## Goals',
    '',
    renderTable(
      [
        { key: 'goal', header: 'goal', align: 'left' },
        { key: 'where', header: 'where', align: 'left' },
        { key: 'measured', header: 'measured', align: 'left' },
        { key: 'status', header: 'status', align: 'left' },
      ],
      goals.map((g) => ({ ...g, status: `${describeGoalStatus(g)}${g.underLoad ? ' (under load)' : ''}` })),
    ),
    '',
    ...results.flatMap(renderScenario),
  ].join('\n')
}

function renderHeader({ options, command, startedAt, finishedAt, loadBefore }) {
  const cpus = os.cpus()
  const seconds = ((finishedAt - startedAt) / 1000).toFixed(0)
  return [
    `- date: ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')} (took ${seconds} s)`,
    `- command: \`${command}\``,
    `- machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
    // Other work on the machine (a build, a test run) shows up here before it shows up as spread.
    `- load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}`,
    `- method: median of ${options.rounds} interleaved rounds of ${options.durationMs} ms per contestant, after a warm-up round of ${options.warmupOps} operations or ${options.warmupMs} ms, whichever ends first; each server and each client in its own process. client µs/op from the client's \`process.cpuUsage()\`; server µs/op from the server's /proc/<pid>/stat (resolution ${CPU_TICK_MICROS / 1000} ms per run); spread = (max − min) / median of ops/s across rounds.`,
    `- load: other processes' CPU (the machine's busy time in /proc/stat minus the bench's own process tree) is read around every round; a round beside more than ${loadThreshold()} cores of it is repeated (at most twice, after a wait for quiet), and a table whose kept rounds still ran under load says so in a warning line.`,
    ...(options.quick ? ['- **quick mode**: numbers are a smoke test, not a measurement.'] : []),
  ]
}

/**
 * Flags every goal measured under load: its section's own reading, else the whole scenario's
 * (scenarios that run their own rounds are read once around their run).
 */
function markGoalsUnderLoad(results) {
  for (const { result } of results) {
    if (!result) continue
    const flagged = new Set()
    for (const section of result.sections ?? []) {
      for (const goal of section.goals ?? []) {
        flagged.add(goal)
        if (isUnderLoad(section.load ?? result.load)) goal.underLoad = true
      }
    }
    for (const goal of result.goals ?? []) {
      if (!flagged.has(goal) && isUnderLoad(result.load)) goal.underLoad = true
    }
  }
}

/** The load line, and the warning when there is one, under a table. */
function renderLoad(summary) {
  const line = describeLoad(summary)
  const warning = describeLoadWarning(summary)
  return [...(line ? [`_${line}_`, ''] : []), ...(warning ? [warning, ''] : [])]
}

function renderScenario({ scenario, result, error }) {
  const lines = [`## ${scenario.name}: ${scenario.title}`, '', scenario.description, '']
  if (error) return [...lines, `**failed:** ${error}`, '']
  if (result.subtitle) lines.push(`_${result.subtitle}_`, '')
  if (result.load) {
    // Tables with readings of their own carry their warnings; the scenario's line is context.
    const own = result.sections.some((section) => section.load)
    const line = describeLoad(result.load)
    if (line) lines.push(`_whole scenario: ${line}_`, '')
    const warning = own ? null : describeLoadWarning(result.load)
    if (warning) lines.push(warning, '')
  }
  for (const section of result.sections) {
    if (section.heading) lines.push(`### ${section.heading}`, '')
    lines.push(renderTable(section.columns, section.rows), '')
    if (section.load) lines.push(...renderLoad(section.load))
    for (const note of section.notes ?? []) lines.push(note, '')
    for (const goal of section.goals ?? []) {
      const underLoad = goal.underLoad ? ' (under load)' : ''
      lines.push(`Goal: ${goal.goal}: ${goal.measured}: **${describeGoalStatus(goal)}**${underLoad}`, '')
    }
  }
  return lines
}
