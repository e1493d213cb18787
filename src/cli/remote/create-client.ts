/**
 * Builds the SDK `Client` for an alias, honouring `--debug` (a tracing transport) and
 * `--insecure` (an HTTPS agent that accepts any certificate). Only the public SDK is used.
 */
import http from 'node:http'
import https from 'node:https'
import type { Writable } from 'node:stream'
import { AdminClient, Client } from '../../index.js'
import type { AliasEntry } from '../config/alias-store.js'
import { parseEndpoint } from '../config/parse-endpoint.js'
import { createDebugTransport } from './debug-transport.js'

/** The global flags that change how requests are sent. */
export interface ConnectionFlags {
  debug: boolean
  insecure: boolean
  /** Where `--debug` writes (stderr). */
  log: Writable
}

/**
 * The `new Client(...)` options of an alias: endpoint, keys, and the debug/insecure transport.
 * @example
 * new Client(clientOptionsFor(entry, { debug: false, insecure: false, log: process.stderr }))
 */
export function clientOptionsFor(entry: AliasEntry, flags: ConnectionFlags) {
  const endpoint = parseEndpoint(entry.url)
  const module = endpoint.useSSL ? https : http
  return {
    endPoint: endpoint.host,
    port: endpoint.port,
    useSSL: endpoint.useSSL,
    accessKey: entry.accessKey,
    secretKey: entry.secretKey,
    transport: flags.debug ? createDebugTransport(module, flags.log) : undefined,
    // A fresh keep-alive agent that skips certificate checks, only when asked.
    transportAgent:
      flags.insecure && endpoint.useSSL
        ? new https.Agent({ keepAlive: true, rejectUnauthorized: false })
        : undefined,
  }
}

/**
 * A `Client` for an alias.
 * @example
 * const client = createClient(entry, { debug: false, insecure: false, log: process.stderr })
 * await client.listBuckets()
 */
export function createClient(entry: AliasEntry, flags: ConnectionFlags): Client {
  const { transportAgent: _agent, ...options } = clientOptionsFor(entry, flags)
  const client = new Client(options)
  // Client takes TLS options the documented way; AdminClient has no setRequestOptions, so it
  // gets the permissive agent from clientOptionsFor instead.
  if (flags.insecure) client.setRequestOptions({ rejectUnauthorized: false })
  return client
}

/**
 * An `AdminClient` for an alias.
 * @example
 * const admin = createAdminClient(entry, { debug: false, insecure: false, log: process.stderr })
 * await admin.serviceStatus()
 */
export function createAdminClient(entry: AliasEntry, flags: ConnectionFlags): AdminClient {
  return new AdminClient(clientOptionsFor(entry, flags))
}
