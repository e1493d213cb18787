import type { ByteRange } from '../../storage/object-layer.js'

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/

/**
 * Interprets a `Range` header against an object of `size` bytes (RFC 9110 §14): a byte range,
 * 'unsatisfiable' (answer 416), or `undefined` when the header is not a single byte range
 * (then it is ignored and the whole object sent, as S3 does).
 *
 * @example parseRange('bytes=0-9', 100) // { start: 0, end: 9 }
 * @example parseRange('bytes=-10', 100) // { start: 90, end: 99 }
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = SINGLE_RANGE.exec(header.trim())
  if (!m) return undefined
  const [, first, last] = m as unknown as [string, string, string]
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
