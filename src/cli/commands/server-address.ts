/** Where `silo server` listens when `--address` is not given. */

// The documented local default root password (src/server/options.ts DEFAULT_ROOT_CREDENTIAL);
// the CLI reaches the server only through its public entry, so the value is repeated here.
const DEFAULT_ROOT_PASSWORD = 'siloadmin'

/** The address `silo server` binds, and whether it is the loopback default. */
export interface ServerAddress {
  address: string
  /** Chosen by `silo server` because the root password is the default one (no --address given). */
  loopbackByDefault: boolean
}

/**
 * `--address` when given (`:9000` listens on every interface, as MinIO). Without it: every
 * interface on port 9000 when `SILO_ROOT_PASSWORD` holds a password of the user's own, else
 * loopback only (`127.0.0.1:9000`) — a server with the published default credential is nobody
 * else's to reach (issue 16: `npm start` listened on every interface with siloadmin/siloadmin).
 *
 * @example
 * resolveServerAddress(undefined, {}) // { address: '127.0.0.1:9000', loopbackByDefault: true }
 * resolveServerAddress(undefined, { SILO_ROOT_PASSWORD: 'a-long-secret' }) // { address: ':9000', … false }
 */
export function resolveServerAddress(given: string | undefined, env: NodeJS.ProcessEnv): ServerAddress {
  if (given !== undefined) return { address: given, loopbackByDefault: false }
  const password = env.SILO_ROOT_PASSWORD
  const ownPassword = password !== undefined && password !== '' && password !== DEFAULT_ROOT_PASSWORD
  return ownPassword
    ? { address: ':9000', loopbackByDefault: false }
    : { address: '127.0.0.1:9000', loopbackByDefault: true }
}

/**
 * The start-up line that says why the server is reachable from this machine only.
 * @example console.log(formatLoopbackNote())
 */
export function formatLoopbackNote(): string {
  return [
    'Listening on 127.0.0.1 only: SILO_ROOT_PASSWORD is not set, so the default credential may be',
    'in use. Set SILO_ROOT_USER and SILO_ROOT_PASSWORD to listen on every interface, or pass',
    '--address :9000 (or HOST:PORT) to choose.',
  ].join('\n')
}
