import { S3ServerError } from '../errors.js'
import type { AuthRequest } from './auth-context.js'

/** How a request was signed: which headers the signature covers without naming them. */
export type SigningForm = 'header' | 'presigned'

// x-amz-content-sha256 of a header-signed request is the payload line of its canonical request,
// so the signature covers it whether or not SignedHeaders names it (AWS SDKs name it anyway).
// A presigned request signs UNSIGNED-PAYLOAD instead, so there it must be named like any other.
const COVERED_WITHOUT_NAMING: Record<SigningForm, ReadonlySet<string>> = {
  header: new Set(['x-amz-content-sha256']),
  presigned: new Set(),
}

/**
 * Header prefixes a signature must cover: S3's `x-amz-*`, and the vendor headers that change what
 * a request does (`x-minio-force-delete` / `x-silo-force-delete` turn DELETE of one key into the
 * removal of every version of every key under it, root only): unsigned, whoever holds a root's
 * presigned DELETE URL could add one.
 */
export const MUST_BE_SIGNED_PREFIXES: readonly string[] = ['x-amz-', 'x-silo-', 'x-minio-']

/** Whether a request header (lower-case name) must be covered by the signature. */
export function mustBeSigned(name: string): boolean {
  return MUST_BE_SIGNED_PREFIXES.some((prefix) => name.startsWith(prefix))
}

/**
 * Refuses a signed request that carries an `x-amz-*` (or `x-silo-*`, `x-minio-*`) header its signature does not cover: such
 * a header could have been added in flight, or to a presigned URL by whoever holds it, and would
 * change what the request does (`x-amz-copy-source` turns an upload into a copy of another
 * object; `x-amz-meta-*`, `x-amz-storage-class` are stored). S3 answers 403 AccessDenied with a
 * `HeadersNotSigned` element. `x-amzn-*` (e.g. `x-amzn-trace-id`) is not `x-amz-*` and never
 * changes a request. Anonymous requests are not checked: nobody signed them, and the bucket
 * policy decides what they may do, headers included. Signature Version 2 needs no check: its
 * string to sign holds every `x-amz-*` header the request carries (CanonicalizedAmzHeaders,
 * sigv2/amz-headers.ts), so one added in flight breaks the signature; it signs no `x-silo-*` or
 * `x-minio-*` header, so a V2 request carrying one is refused (sigv2/refuse-vendor-headers.ts).
 *
 * @example checkAmzHeadersSigned(req.headers, ['host', 'x-amz-date'], 'header')
 */
export function checkAmzHeadersSigned(
  headers: AuthRequest['headers'],
  signedHeaders: readonly string[],
  form: SigningForm,
): void {
  let unsigned: string[] | undefined
  const covered = COVERED_WITHOUT_NAMING[form]
  for (const name in headers) {
    // Node lower-cases header names.
    if (!mustBeSigned(name) || covered.has(name) || signedHeaders.includes(name)) continue
    if (headers[name] === undefined) continue
    unsigned ??= []
    unsigned.push(name)
  }
  if (unsigned === undefined) return
  throw new S3ServerError('AccessDenied', 'There were headers present in the request which were not signed', {
    HeadersNotSigned: unsigned.sort().join(', '),
  })
}
