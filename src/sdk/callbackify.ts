/**
 * The dual API: a method whose last argument is a function calls it back (`err` first, null on
 * success); otherwise it returns a Promise. Validation errors travel the same way in both forms.
 */

/**
 * Node-style callback: `err` is null on success.
 * @example
 * client.listBuckets((err, buckets) => { if (err) throw err; console.log(buckets) })
 */
export type ResultCallback<T> = (err: Error | null, result: T) => void

/**
 * Callback of operations without a result.
 * @example
 * client.removeBucket('photos', (err) => { if (err) console.error(err) })
 */
export type NoResultCallback = (err: Error | null) => void

/**
 * Removes and returns a trailing callback from an argument list.
 * @example
 * const cb = popCallback(args)
 */
export function popCallback(args: unknown[]): ResultCallback<unknown> | undefined {
  if (typeof args[args.length - 1] !== 'function') return undefined
  return args.pop() as ResultCallback<unknown>
}

/**
 * Runs an async operation and delivers its outcome through `callback` when given (returning
 * undefined), else returns its Promise. The callback runs outside the promise chain, so an error it
 * throws surfaces as an uncaught exception rather than a silently lost rejection.
 * @example
 * return deliver(popCallback(args), () => statObject(transport, bucket, key))
 */
export function deliver<T>(
  callback: ResultCallback<NoInfer<T>> | undefined,
  run: () => Promise<T>,
): Promise<T> | undefined {
  let promise: Promise<T>
  try {
    promise = run()
  } catch (error) {
    promise = Promise.reject(error)
  }
  if (callback === undefined) return promise
  promise.then(
    (result) => queueMicrotask(() => callback(null, result)),
    (error: Error) => queueMicrotask(() => callback(error, undefined as T)),
  )
  return undefined
}
