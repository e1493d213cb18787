import { MAX_OBJECT_NAME_BYTES, utf8Length } from '../../../shared/names.js'
import { S3ServerError } from '../../errors.js'
import type { S3Route } from '../../router/route-request.js'

/**
 * The value of query parameter `name` (the first, when repeated), or undefined.
 * @example queryValue(route, 'prefix') // 'photos/'
 */
export function queryValue(route: Pick<S3Route, 'query'>, name: string): string | undefined {
  for (const [n, value] of route.query) if (n === name) return value
  return undefined
}

/**
 * A query parameter that names a position among keys (prefix, marker, start-after, key-marker):
 * bounded like a key, 1,024 bytes of UTF-8 (the store refuses longer keys with a RangeError,
 * which answered 500; issue 12). InvalidArgument naming the parameter past that.
 *
 * @example readKeyParam(route, 'prefix') // 'photos/'
 */
export function readKeyParam(route: Pick<S3Route, 'query'>, name: string): string | undefined {
  const raw = queryValue(route, name)
  if (raw !== undefined) checkKeyParam(name, raw, raw)
  return raw
}

/** Throws InvalidArgument naming `name` when `position` is longer than a key may be. */
export function checkKeyParam(name: string, position: string, sent: string): void {
  if (position.length * 3 <= MAX_OBJECT_NAME_BYTES || utf8Length(position) <= MAX_OBJECT_NAME_BYTES) return
  throw new S3ServerError(
    'InvalidArgument',
    `${name} must be at most ${MAX_OBJECT_NAME_BYTES} bytes of UTF-8, as a key.`,
    {
      ArgumentName: name,
      ArgumentValue: sent.slice(0, 64),
    },
  )
}

/**
 * A whole-number query parameter between `min` and `max`; above `max` is clamped (S3 caps
 * max-keys at 1000 silently), anything else not a whole number ≥ `min` is InvalidArgument.
 *
 * @example readCount(route, 'max-keys', { min: 0, max: 1000, fallback: 1000 })
 */
export function readCount(
  route: Pick<S3Route, 'query'>,
  name: string,
  limits: { min: number; max: number; fallback: number },
): number {
  const raw = queryValue(route, name)
  if (raw === undefined) return limits.fallback
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN
  if (Number.isNaN(value) || value < limits.min) {
    throw new S3ServerError('InvalidArgument', `${name} must be a whole number of at least ${limits.min}.`, {
      ArgumentName: name,
      ArgumentValue: raw,
    })
  }
  return Math.min(value, limits.max)
}

/** The optional `encoding-type`: only `url` exists (S3 answers InvalidArgument otherwise). */
export function readEncodingType(route: Pick<S3Route, 'query'>): 'url' | undefined {
  const raw = queryValue(route, 'encoding-type')
  if (raw === undefined || raw === '') return undefined
  if (raw.toLowerCase() === 'url') return 'url'
  throw new S3ServerError('InvalidArgument', 'Invalid Encoding Method specified in Request', {
    ArgumentName: 'encoding-type',
    ArgumentValue: raw,
  })
}
