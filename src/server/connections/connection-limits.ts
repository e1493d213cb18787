import { readFileSync } from 'node:fs'

/**
 * Timeouts and the connection cap of the HTTP server (issue 12, defect 3: with none, 1,100
 * sockets that sent half a request held every file descriptor and no one else was served).
 * Each is a `createServer` option, else an environment variable, else the default below; 0
 * turns one off.
 */
export interface ConnectionOptions {
  /**
   * Time a client has to send a request's headers, from its first byte (or from connecting);
   * then it gets 408 and the connection closes. Env SILO_HEADERS_TIMEOUT_MS; default 30 s.
   */
  headersTimeoutMs?: number
  /**
   * Time a request body may send nothing while the server waits for it; then the client gets
   * 400 RequestTimeout and the connection closes. A slow body that keeps sending never times
   * out. Env SILO_BODY_TIMEOUT_MS; default 60 s.
   */
  bodyTimeoutMs?: number
  /**
   * Time a connection may see no traffic while the client owes the next step (reading the
   * response, sending the body where no body reader watches it); then it is closed. Time the
   * server spends working, or a listen stream waiting for events, never counts.
   * Env SILO_IDLE_TIMEOUT_MS; default 60 s.
   */
  idleTimeoutMs?: number
  /** Time a kept-alive connection may wait for its next request. Env SILO_KEEP_ALIVE_TIMEOUT_MS; default 65 s. */
  keepAliveTimeoutMs?: number
  /**
   * Most connections open at once; more are closed as they arrive (and a warning is logged).
   * Env SILO_MAX_CONNECTIONS; default three quarters of the process's open-file limit (the
   * rest stays for drive files), or 4,096 where that limit cannot be read.
   */
  maxConnections?: number
}

/** Connection settings with defaults applied (0: off). */
export type ConnectionLimits = Required<ConnectionOptions>

/**
 * The defaults, and why:
 * - headers 30 s: MinIO's read-header timeout (nginx and Node take 60 s). Real clients send
 *   headers in one packet; a shorter wait frees a slowloris socket sooner.
 * - body 60 s: nginx's client_body_timeout, the time between two reads, not for the whole
 *   body (S3 answers RequestTimeout to a body idle "for too long", unspecified).
 * - idle 60 s: nginx's send_timeout, for a client that stops reading the response.
 * - keep-alive 65 s: past the 60 s idle timeout of common load balancers and proxies, so they,
 *   not this server, close an idle pooled connection and never send a request into a closing one
 *   (MinIO keeps 30 s).
 */
export const DEFAULT_CONNECTION_LIMITS: Readonly<Omit<ConnectionLimits, 'maxConnections'>> = {
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 60_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 65_000,
}

const ENV: Readonly<Record<keyof ConnectionOptions, string>> = {
  headersTimeoutMs: 'SILO_HEADERS_TIMEOUT_MS',
  bodyTimeoutMs: 'SILO_BODY_TIMEOUT_MS',
  idleTimeoutMs: 'SILO_IDLE_TIMEOUT_MS',
  keepAliveTimeoutMs: 'SILO_KEEP_ALIVE_TIMEOUT_MS',
  maxConnections: 'SILO_MAX_CONNECTIONS',
}

/** Where no open-file limit can be read (not Linux). */
const FALLBACK_MAX_CONNECTIONS = 4096

/**
 * Applies options, then environment, then defaults; throws TypeError naming a value that is not
 * a whole number ≥ 0.
 *
 * @example resolveConnectionLimits({ headersTimeoutMs: 10_000 }, process.env).headersTimeoutMs // 10000
 */
export function resolveConnectionLimits(
  options: ConnectionOptions,
  env: NodeJS.ProcessEnv = process.env,
): ConnectionLimits {
  const pick = (name: keyof ConnectionOptions, fallback: () => number): number => {
    const given = options[name]
    const value = given ?? (env[ENV[name]] ? Number(env[ENV[name]]) : undefined)
    if (value === undefined) return fallback()
    if (!Number.isSafeInteger(value) || value < 0) {
      const source = given === undefined ? `${ENV[name]}=${env[ENV[name]]}` : `${name} ${given}`
      throw new TypeError(`createServer: ${source} must be a whole number >= 0 (0 turns it off)`)
    }
    return value
  }
  return {
    headersTimeoutMs: pick('headersTimeoutMs', () => DEFAULT_CONNECTION_LIMITS.headersTimeoutMs),
    bodyTimeoutMs: pick('bodyTimeoutMs', () => DEFAULT_CONNECTION_LIMITS.bodyTimeoutMs),
    idleTimeoutMs: pick('idleTimeoutMs', () => DEFAULT_CONNECTION_LIMITS.idleTimeoutMs),
    keepAliveTimeoutMs: pick('keepAliveTimeoutMs', () => DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs),
    maxConnections: pick('maxConnections', defaultMaxConnections),
  }
}

/** Three quarters of the open-file limit: the rest stays for LMDB, drive files and parts. */
function defaultMaxConnections(): number {
  const limit = readOpenFileLimit()
  return limit === undefined ? FALLBACK_MAX_CONNECTIONS : Math.max(16, Math.floor(limit * 0.75))
}

/** The process's soft open-file limit (Node raises it to the hard one at start), on Linux. */
function readOpenFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))
    return line ? Number(line[1]) : undefined
  } catch {
    return undefined
  }
}
