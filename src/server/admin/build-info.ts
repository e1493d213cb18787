import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Stamped by the build (tsup `define`) when it is configured to; absent when running from source.
declare const __SILO_BUILD_TIME__: string | undefined
declare const __SILO_COMMIT_ID__: string | undefined

/** What `info` and `service status` report about this build. */
export interface BuildInfo {
  /** Build time as a UTC timestamp without fractions: `YYYY-MM-DDThh:mm:ssZ`. */
  version: string
  /** The git revision built, or `silo@<package version>` when no revision is known. */
  commitID: string
}

let cached: BuildInfo | undefined

/**
 * The build's version and revision. Preferred source: constants the build stamps in. Without
 * them: the modification time of this module's file (for `dist/`, when it was built) and the
 * revision checked out in the package's git folder, else the package version.
 *
 * @example buildInfo() // { version: '2026-11-22T06:59:34Z', commitID: '247b7a0…' }
 */
export function buildInfo(): BuildInfo {
  cached ??= {
    version: typeof __SILO_BUILD_TIME__ === 'string' ? __SILO_BUILD_TIME__ : moduleTime(),
    commitID: typeof __SILO_COMMIT_ID__ === 'string' ? __SILO_COMMIT_ID__ : commitFromGit(),
  }
  return cached
}

/**
 * Formats a date as `YYYY-MM-DDThh:mm:ssZ`.
 * @example formatVersionTime(new Date(0)) // '1970-01-01T00:00:00Z'
 */
export function formatVersionTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`
}

function moduleTime(): string {
  try {
    return formatVersionTime(statSync(fileURLToPath(import.meta.url)).mtime)
  } catch {
    return formatVersionTime(new Date())
  }
}

function commitFromGit(): string {
  const root = packageRoot()
  if (root === undefined) return 'silo@unknown'
  try {
    const head = readFileSync(join(root.dir, '.git', 'HEAD'), 'utf8').trim()
    if (!head.startsWith('ref: ')) return head
    const ref = head.slice(5)
    try {
      return readFileSync(join(root.dir, '.git', ref), 'utf8').trim()
    } catch {
      const packed = readFileSync(join(root.dir, '.git', 'packed-refs'), 'utf8')
      const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`))
      if (line) return line.slice(0, line.indexOf(' '))
    }
  } catch {
    // No git folder (an installed package): the version is the best revision we have.
  }
  return `silo@${root.version}`
}

function packageRoot(): { dir: string; version: string } | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      // The repository's top level (`silo`, running from source) or the server package.
      if (pkg.name === 'silo' || pkg.name === 'silo-server') return { dir, version: pkg.version ?? 'unknown' }
    } catch {
      // not here; look one folder up
    }
    dir = dirname(dir)
  }
  return undefined
}
