/** Maps an aborted request to the error callers see. */
import { TimeoutError } from '../errors.js'

/**
 * The error for a request stopped by its `AbortSignal`: `TimeoutError` when the signal timed out
 * (`AbortSignal.timeout`), otherwise the signal's own reason (an `AbortError`).
 * @example
 * if (signal.aborted) throw abortError(signal)
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new TimeoutError(`Request timed out: ${reason.message}`, { cause: reason })
  }
  if (reason instanceof Error) return reason
  const error = new Error('The request was aborted', { cause: reason })
  error.name = 'AbortError'
  return error
}
