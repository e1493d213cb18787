/** Query parameters a presigned URL carries besides its `X-Amz-*` authentication. */

/** A parameter value: strings, numbers and booleans are stringified; an array repeats the name. */
export type RequestParamValue = string | number | boolean | ReadonlyArray<string | number | boolean>

/**
 * Extra query parameters of `presignedUrl` (e.g. `{ prefix: 'a/', 'max-keys': 10 }`) and
 * `presignedGetObject` (`response-content-type`, `versionId`, ...).
 * @example
 * const params: RequestParams = { prefix: 'photos/', 'max-keys': 100 }
 */
export type RequestParams = Readonly<Record<string, RequestParamValue | undefined>>

/**
 * Flattens request parameters into decoded pairs; undefined values are left out. Throws
 * `TypeError` naming the parameter whose value cannot go into a URL.
 * @example
 * toQueryPairs({ prefix: 'a', 'max-keys': 2 }, 'reqParams') // [['prefix', 'a'], ['max-keys', '2']]
 */
export function toQueryPairs(params: unknown, argument: string): Array<[string, string]> {
  if (params === undefined || params === null) return []
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new TypeError(`${argument} must be an object of query parameters, got ${String(params)}`)
  }
  const pairs: Array<[string, string]> = []
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!['string', 'number', 'boolean'].includes(typeof item)) {
        throw new TypeError(`${argument}.${name} must be a string, number or boolean, got ${typeof item}`)
      }
      pairs.push([name, String(item)])
    }
  }
  return pairs
}

// Response-override parameters S3 documents for GetObject; their values must be strings.
const RESPONSE_OVERRIDES = [
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
]

/**
 * Checks `presignedGetObject`'s `respHeaders`: the `response-*` overrides must be strings (minio-js
 * parity, `TypeError`); other keys such as `versionId` pass through as query parameters.
 * @example
 * checkResponseOverrides({ 'response-content-type': 'text/plain' })
 */
export function checkResponseOverrides(respHeaders: unknown): void {
  if (respHeaders === undefined || respHeaders === null || typeof respHeaders !== 'object') return
  for (const name of RESPONSE_OVERRIDES) {
    const value = (respHeaders as Record<string, unknown>)[name]
    if (value !== undefined && typeof value !== 'string') {
      throw new TypeError(`respHeaders['${name}'] must be a string, got ${typeof value}`)
    }
  }
}
