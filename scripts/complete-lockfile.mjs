#!/usr/bin/env node
// npm 11's `npm ci` insists that every optional platform package a dependency names
// (rollup's, biome's, msgpackr-extract's native builds for every OS) has a lockfile entry.
// The registry mirror these machines use serves only some of those builds, so
// `npm install` leaves them out and `npm ci` then refuses the lockfile as out of sync.
// This script adds the missing entries as optional, platform-tagged records: npm skips
// them on a non-matching platform without fetching anything. Run it after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs'

const path = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(path, 'utf8'))
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'sunos', 'aix', 'netbsd']
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32']

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('win') ? 'win32' : undefined)
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined)
  const libc = parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : parts.includes('gnu') ? 'glibc' : undefined
  return { os, cpu, libc }
}

let added = 0
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${where}/node_modules/${dep}`
    if (lock.packages[`node_modules/${dep}`] || lock.packages[nested]) continue
    const { os, cpu, libc } = platformOf(dep)
    if (!os || !cpu) {
      console.error(`complete-lockfile: cannot tell the platform of ${dep}; left out`)
      continue
    }
    lock.packages[`node_modules/${dep}`] = {
      version: spec.replace(/^[\^~]/, ''),
      optional: true,
      ...(entry.dev ? { dev: true } : {}),
      os: [os],
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
    }
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)))
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.error(`complete-lockfile: added ${added} optional platform entries`)
