/** SSE-C options of reads (getObject, statObject) → the `x-amz-server-side-encryption-customer-*` headers. */
import { optionalString } from '../../validate.js'

/**
 * The SSE-C fields of `getOpts` / `statOpts` (minio-js 8's names).
 * @example
 * await client.statObject('photos', 'a.jpg', { SSECustomerAlgorithm: 'AES256', SSECustomerKey: key, SSECustomerKeyMD5: md5 })
 */
export interface SSECustomerOptions {
  /** SSE-C: the algorithm, normally `AES256`. */
  SSECustomerAlgorithm?: string
  /** SSE-C: the base64 key the object was written with. Sent as a header, never in the URL. */
  SSECustomerKey?: string
  /** SSE-C: base64 MD5 of the key. */
  SSECustomerKeyMD5?: string
}

const SSEC_HEADERS = {
  SSECustomerAlgorithm: 'x-amz-server-side-encryption-customer-algorithm',
  SSECustomerKey: 'x-amz-server-side-encryption-customer-key',
  SSECustomerKeyMD5: 'x-amz-server-side-encryption-customer-key-md5',
} as const

/** The SSE-C request header names, lower-case. */
export const SSE_CUSTOMER_HEADER_NAMES: readonly string[] = Object.values(SSEC_HEADERS)

/**
 * The headers for the SSE-C fields set in `options` (`argument` names the options in errors).
 * @example
 * sseCustomerHeaders({ SSECustomerAlgorithm: 'AES256' }, 'getOpts')
 * // { 'x-amz-server-side-encryption-customer-algorithm': 'AES256' }
 */
export function sseCustomerHeaders(options: SSECustomerOptions, argument: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const option of Object.keys(SSEC_HEADERS) as (keyof typeof SSEC_HEADERS)[]) {
    const value = optionalString(options[option], `${argument}.${option}`)
    if (value !== undefined) headers[SSEC_HEADERS[option]] = value
  }
  return headers
}
