import type { TargetKind } from './types.js'

/**
 * The npm package each broker kind's client library comes from. They are optional peer
 * dependencies of the server package: a server that delivers to none of them installs and loads
 * none (webhook and elasticsearch speak HTTP through `node:http`, so they need no library).
 */
export const TARGET_LIBRARIES = {
  amqp: 'amqplib',
  mqtt: 'mqtt',
  redis: 'ioredis',
  nats: 'nats',
  postgresql: 'pg',
  mysql: 'mysql2',
  kafka: 'kafkajs',
  nsq: 'nsqjs',
} as const satisfies Partial<Record<TargetKind, string>>

/** A kind that needs a client library. */
export type LibraryTargetKind = keyof typeof TARGET_LIBRARIES

/** The client library of a target kind is not installed where the server runs. */
export class TargetLibraryMissingError extends Error {
  override readonly name = 'TargetLibraryMissingError'
  constructor(
    readonly kind: LibraryTargetKind,
    readonly packageName: string,
    cause: unknown,
  ) {
    super(
      `${kind} targets need the npm package ${packageName}, which is not installed: run npm install ${packageName} where silo-server is installed`,
      { cause },
    )
  }
}

/**
 * Imports a kind's client library when the first target of that kind opens (Node caches it
 * after that), so starting the server loads no broker library. `load` is the literal
 * `() => import('amqplib')`, so bundlers and type-checkers see the specifier.
 *
 * @example
 * const { connect } = await loadTargetLibrary('amqp', () => import('amqplib'))
 */
export async function loadTargetLibrary<T>(kind: LibraryTargetKind, load: () => Promise<T>): Promise<T> {
  const packageName = TARGET_LIBRARIES[kind]
  try {
    return await load()
  } catch (error) {
    if (isNotFound(error, packageName)) throw new TargetLibraryMissingError(kind, packageName, error)
    throw error
  }
}

/** Whether `error` says that `packageName` itself (not something it imports) cannot be found. */
function isNotFound(error: unknown, packageName: string): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false
  // Node: "Cannot find package 'amqplib' imported from /…/index.js"; a package that is present
  // but misses one of its own dependencies names that dependency instead.
  return error.message.includes(`'${packageName}'`) || error.message.includes(`'${packageName}/`)
}
