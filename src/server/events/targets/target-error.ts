/**
 * Why a target could not open or deliver, naming the target so a log line stands alone:
 * `arn:silo:sqs::1:redis: send failed: connect ECONNREFUSED 127.0.0.1:6390`.
 */
export class TargetError extends Error {
  override readonly name = 'TargetError'
  constructor(
    readonly arn: string,
    readonly action: 'open' | 'send',
    cause: unknown,
  ) {
    super(`${arn}: ${action} failed: ${describeError(cause)}`, { cause })
  }
}

/**
 * A one-line reason for any thrown value. Node's happy-eyeballs connect throws an
 * AggregateError with an empty message (one error per address tried), so its parts are joined.
 */
export function describeError(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) {
    return [...new Set(e.errors.map(describeError))].join('; ')
  }
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code
    if (e.message) return e.message
    return typeof code === 'string' ? code : e.name
  }
  return String(e)
}

/** Runs `work`, rethrowing any failure as a `TargetError`. */
export async function asTargetError<T>(
  arn: string,
  action: 'open' | 'send',
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (e) {
    throw e instanceof TargetError ? e : new TargetError(arn, action, e)
  }
}
