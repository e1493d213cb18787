import { userInfo } from 'node:os'

/**
 * The name of the user running the server: the default database user of the SQL targets (seed:
 * postgresql `user` "Default: the user running the server process"). It comes from the
 * process's uid, not from `$USER`, which service managers and containers often leave unset
 * (pg then sent no user at all). A uid with no passwd entry (a container started with
 * `--user 1234`) makes `userInfo()` throw; the login variables are the fallback then.
 * Returns undefined when nothing names the user, and the driver reports that at open.
 */
export function readServerUserName(): string | undefined {
  try {
    const name = userInfo().username
    if (name) return name
  } catch {}
  return process.env.USER || process.env.LOGNAME || process.env.USERNAME || undefined
}
