// The whole markdown report: header, goals summary, then one block per scenario.
import os from 'node:os'
import { describeGoalStatus } from './goals.mjs'
import { CPU_TICK_MICROS } from './proc.mjs'
import { renderTable } from './table.mjs'

/** Renders the report for `results` = [{scenario, result?, error?}]. */
export function renderReport({ options, command, startedAt, finishedAt, loadBefore, results }) {
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
      goals.map((g) => ({ ...g, status: describeGoalStatus(g) })),
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
    ...(options.quick ? ['- **quick mode**: numbers are a smoke test, not a measurement.'] : []),
  ]
}

function renderScenario({ scenario, result, error }) {
  const lines = [`## ${scenario.name}: ${scenario.title}`, '', scenario.description, '']
  if (error) return [...lines, `**failed:** ${error}`, '']
  if (result.subtitle) lines.push(`_${result.subtitle}_`, '')
  for (const section of result.sections) {
    if (section.heading) lines.push(`### ${section.heading}`, '')
    lines.push(renderTable(section.columns, section.rows), '')
    for (const goal of section.goals ?? []) {
      lines.push(`Goal: ${goal.goal}: ${goal.measured}: **${describeGoalStatus(goal)}**`, '')
    }
  }
  return lines
}
