import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AuthContext, Authentication } from './auth/auth-context.js'
import type { S3Route } from './router/route-request.js'
import type { StorageBackend } from './storage/types.js'

/** Where the server writes its banner, warnings and unexpected errors. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

/** Everything a handler may use that lives as long as the server. */
export interface ServerContext {
  storage: StorageBackend
  /** The server's region (default 'us-east-1'). */
  region: string
  /** Domain for virtual-host-style addressing (`<bucket>.<domain>`), if configured. */
  domain: string | undefined
  auth: AuthContext
  logger: Logger
}

/** One authenticated, authorized request on its way to a handler. */
export interface HandlerArgs {
  ctx: ServerContext
  req: IncomingMessage
  res: ServerResponse
  route: S3Route
  auth: Authentication
}

/** Handles one S3 operation; throws S3ServerError to answer with an error. */
export type Handler = (args: HandlerArgs) => Promise<void>
