/**
 * Argument checks shared by the operations. They throw the minio-js error classes with a message
 * naming the argument and the rule it broke; callers run them inside the async operation, so the
 * error arrives as a rejection or through the callback, never as a synchronous throw.
 */
import { explainInvalidBucketName, explainInvalidObjectName } from '../shared/names.js'
import { InvalidArgumentError, InvalidBucketNameError, InvalidObjectNameError } from './errors.js'

/**
 * Throws `InvalidBucketNameError` unless `name` is a valid bucket name.
 * @example
 * assertBucketName('photos')
 */
export function assertBucketName(name: unknown): asserts name is string {
  const problem = explainInvalidBucketName(name)
  if (problem !== undefined) throw new InvalidBucketNameError(`Invalid bucket name ${show(name)}: ${problem}`)
}

/**
 * Throws `InvalidObjectNameError` unless `name` is a valid object name.
 * @example
 * assertObjectName('photos/2024/a.jpg')
 */
export function assertObjectName(name: unknown): asserts name is string {
  const problem = explainInvalidObjectName(name)
  if (problem !== undefined) throw new InvalidObjectNameError(`Invalid object name ${show(name)}: ${problem}`)
}

/**
 * Returns an optional options object, or throws `InvalidArgumentError` naming the argument.
 * @example
 * const opts = optionalObject<StatObjectOptions>(statOpts, 'statOpts')
 */
export function optionalObject<T extends object>(value: unknown, argument: string): Partial<T> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentError(`Invalid ${argument}: must be an object, got ${show(value)}`)
  }
  return value as Partial<T>
}

/**
 * Returns an optional string option, or throws `InvalidArgumentError` naming it.
 * @example
 * const versionId = optionalString(opts.versionId, 'versionId')
 */
export function optionalString(value: unknown, argument: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string')
    throw new InvalidArgumentError(`Invalid ${argument}: must be a string, got ${show(value)}`)
  return value
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  return `${String(value)} (${typeof value})`
}
