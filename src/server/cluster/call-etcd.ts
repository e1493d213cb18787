/**
 * etcd did not answer in time: no quorum (a majority of members down or cut off), or none of
 * the endpoints reachable. The coordinator's reads and writes fail with it after their deadline
 * instead of waiting for etcd to come back.
 */
export class CoordinationUnavailableError extends Error {
  override readonly name = 'CoordinationUnavailableError'

  constructor(what: string, timeoutMs: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : 'no answer'
    super(`etcd: ${what} failed within ${timeoutMs} ms (${reason})`, { cause })
  }
}

/** Guards `e` as a CoordinationUnavailableError, across module copies. */
export function isCoordinationUnavailable(e: unknown): e is CoordinationUnavailableError {
  return e instanceof Error && e.name === 'CoordinationUnavailableError'
}

/**
 * Runs one etcd call under an absolute gRPC deadline (the client's own retries share it, so
 * they cannot stretch the wait), and fails with CoordinationUnavailableError by `timeoutMs`
 * whatever the client does.
 */
export async function callEtcd<T>(
  what: string,
  timeoutMs: number,
  call: (options: { deadline: number }) => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('deadline exceeded')), timeoutMs)
  })
  try {
    return await Promise.race([call({ deadline: Date.now() + timeoutMs }), expired])
  } catch (e) {
    throw new CoordinationUnavailableError(what, timeoutMs, e)
  } finally {
    clearTimeout(timer)
  }
}
