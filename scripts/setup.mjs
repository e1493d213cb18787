#!/usr/bin/env node
// Makes a fresh clone runnable with no other step: installs dependencies when they are
// missing (npm ci, from the lockfile) and builds when a package's build is missing or older than src/.
// Plain Node, no dependencies, so it runs before anything is installed.
//
// Each step prints one line before and one after (with its measured time) and keeps the tools'
// own output unless the step fails: npm 11's install-script and config warnings looked like
// failures to a new user (issue 16). Measured here (2 cores, warm npm cache): npm ci ~30 s for
// 419 packages, the build 15-35 s depending on load.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const say = (line) => console.error(`setup: ${line}`)

/** Runs a step with its output captured; on failure prints that output and exits with its status. */
function step(name, cmd, args) {
  const started = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`)
    const why = r.error ? r.error.message : `exit ${r.status ?? r.signal}`
    say(`${name} failed (${why}); its output is above`)
    process.exit(r.status || 1)
  }
  return { output: r.stdout, seconds: ((Date.now() - started) / 1000).toFixed(1) }
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  say('first run: installing dependencies (npm ci), about half a minute on a warm npm cache…')
  const { output, seconds } = step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'])
  const added = /added (\d+) packages?/.exec(output)?.[1]
  say(`installed ${added === undefined ? 'dependencies' : `${added} packages`} in ${seconds} s`)
}
// One build makes both packages: the SDK (dist/) and the server + CLI (packages/silo-server/dist/).
const built = ['dist/node/index.js', 'packages/silo-server/dist/server/index.js', 'packages/silo-server/dist/cli/main.js']
const sources = newestMtime(join(root, 'src'))
if (built.some((file) => !existsSync(join(root, file)) || statSync(join(root, file)).mtimeMs < sources)) {
  say('building dist/ (tsup), 15-40 s, again only after src/ changes…')
  // tsup's own entry, not npx: npx would print npm's configuration warnings again.
  const { seconds } = step('the build', process.execPath, [
    join(root, 'node_modules/tsup/dist/cli-default.js'),
    '--silent',
  ])
  say(`built dist/ in ${seconds} s`)
}
