import type { S3ErrorCode } from '../errors/catalogue.js'

/** Why a policy document was refused. */
export type PolicyErrorReason = 'syntax' | 'grammar' | 'too-large'

/**
 * A policy document that cannot be accepted: bad JSON, a grammar violation, or too large.
 * The message starts with the path of the bad part (`Statement[1].Action[0]: ...`) or, for a
 * JSON syntax error, its line and column. `code` is the S3 error code a server answers with.
 *
 * @example
 * ```ts
 * try { parsePolicy(text, 'iam') }
 * catch (e) { if (isPolicyError(e)) console.log(e.path, e.message) }
 * ```
 */
export class PolicyError extends Error {
  override readonly name = 'PolicyError'
  readonly code: S3ErrorCode = 'MalformedPolicy'
  readonly reason: PolicyErrorReason
  /** Where in the document, e.g. `Statement[0].Resource[2]`; empty for the whole document. */
  readonly path: string

  constructor(reason: PolicyErrorReason, path: string, detail: string) {
    super(path === '' ? detail : `${path}: ${detail}`)
    this.reason = reason
    this.path = path
  }
}

/** Guards `e` as a PolicyError, across module copies. */
export function isPolicyError(e: unknown): e is PolicyError {
  return e instanceof Error && e.name === 'PolicyError' && 'reason' in e
}

/** Throws a grammar PolicyError at `path`. */
export function failAt(path: string, detail: string): never {
  throw new PolicyError('grammar', path, detail)
}
