/**
 * What `silo --version` prints: the package version, and the git commit and time of the build
 * when the build stamped them (tsup `define`; a run from source has neither).
 */
import { version } from '../../package.json'

declare const __SILO_BUILD_TIME__: string | undefined
declare const __SILO_COMMIT_ID__: string | undefined

/**
 * The version line.
 * @example
 * describeVersion() // 'silo 0.1.0 (commit 3a54ef2c9d1e, built 2026-11-24T07:01:02Z)'
 */
export function describeVersion(): string {
  const commit = typeof __SILO_COMMIT_ID__ === 'string' ? `commit ${__SILO_COMMIT_ID__.slice(0, 12)}` : ''
  const built = typeof __SILO_BUILD_TIME__ === 'string' ? `built ${__SILO_BUILD_TIME__}` : ''
  const stamps = [commit, built].filter(Boolean).join(', ')
  return stamps ? `silo ${version} (${stamps})` : `silo ${version}`
}
