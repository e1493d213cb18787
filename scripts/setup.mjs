#!/usr/bin/env node
// Makes a fresh clone runnable with no other step: installs dependencies when they are
// missing (npm ci, from the lockfile) and builds dist/ when it is missing or older than src/.
// Plain Node, no dependencies, so it runs before anything is installed.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
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
  console.error('setup: installing dependencies (npm ci)')
  run('npm', ['ci', '--no-audit', '--no-fund'])
}
const built = join(root, 'dist/cli/main.js')
if (!existsSync(built) || statSync(built).mtimeMs < newestMtime(join(root, 'src'))) {
  console.error('setup: building (tsup)')
  run('npx', ['tsup', '--silent'])
}
