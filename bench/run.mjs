#!/usr/bin/env node
// Silo's benchmark harness: runs the scenarios in bench/scenarios, prints a markdown
// report to stdout and writes it to bench/results/latest.md. See docs/benchmarks.md.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { parseArgs, USAGE, UsageError } from './lib/args.mjs'
import { createScenarioContext } from './lib/context.mjs'
import { startLoadProbe, summarizeLoad } from './lib/load.mjs'
import { RESULTS_DIR } from './lib/paths.mjs'
import { renderReport } from './lib/report.mjs'
import { snapshotSiloBuild } from './lib/snapshot.mjs'
import { createTempRoot } from './lib/temp-root.mjs'
import { SCENARIOS } from './scenarios/index.mjs'

const log = (message) => process.stderr.write(`${message}\n`)

async function main() {
  const options = parseArgs(process.argv.slice(2))
  if (options.help) return log(USAGE)
  if (options.list) return log(SCENARIOS.map((s) => `${s.name}  ${s.title}`).join('\n'))
  const unknown = (options.only ?? []).filter((name) => !SCENARIOS.some((s) => s.name === name))
  if (unknown.length) throw new UsageError(`unknown scenario ${unknown.join(', ')} (see --list)`)
  const scenarios = SCENARIOS.filter((s) => !options.only || options.only.includes(s.name))

  // Sizes and thresholds set by the user, for the report's command line (before the snapshot
  // sets SILO_BENCH_SDK / SILO_BENCH_SERVER, and before a scenario sets its --quick sizes).
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('SILO_BENCH_'))
    .map(([name, value]) => `${name}=${value} `)
    .join('')
  const tmpRoot = createTempRoot()
  await snapshotSiloBuild(log)
  const startedAt = new Date()
  const loadBefore = os.loadavg()[0]
  const results = []
  for (const scenario of scenarios) {
    log(`${scenario.name}: ${scenario.title}`)
    const ctx = createScenarioContext({ options, tmpRoot, log })
    const probe = startLoadProbe()
    try {
      const result = await scenario.run(ctx)
      const reading = probe.stop()
      // The whole run's reading: what the report falls back on for tables without their own.
      if (reading) result.load = summarizeLoad([reading])
      results.push({ scenario, result })
    } catch (error) {
      log(`  failed: ${error.stack ?? error}`)
      results.push({ scenario, error: error.message })
    } finally {
      await ctx.close()
    }
  }
  const command = settings + ['node bench/run.mjs', ...process.argv.slice(2)].join(' ')
  const report = renderReport({ options, command, startedAt, finishedAt: new Date(), loadBefore, results })
  process.stdout.write(`${report}\n`)
  mkdirSync(RESULTS_DIR, { recursive: true })
  writeFileSync(join(RESULTS_DIR, 'latest.md'), `${report}\n`)
  log(`wrote bench/results/latest.md`)
}

main().then(
  () => process.exit(0),
  (error) => {
    log(error instanceof UsageError ? error.message : (error.stack ?? String(error)))
    process.exit(1)
  },
)
