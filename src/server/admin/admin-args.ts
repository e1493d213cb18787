import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServerContext } from '../context.js'

/** One authenticated admin request on its way to its handler. */
export interface AdminArgs {
  ctx: ServerContext
  req: IncomingMessage
  res: ServerResponse
  /** Path parameters by name (`accessKey`, `name`, `bucket`, `prefix`), decoded. */
  params: Readonly<Record<string, string>>
  /** Decoded query parameters. */
  query: URLSearchParams
  /** The whole request body, its SHA-256 already verified against the signature. */
  body: Buffer
  requestId: string
}

/** Handles one admin operation; throws S3ServerError to answer with a JSON error. */
export type AdminHandler = (args: AdminArgs) => Promise<void>
