import { Sha256 } from '@aws-crypto/sha256-js'
import { SignatureV4 } from '@smithy/signature-v4'

/**
 * Sends one request signed by @smithy/signature-v4 — a signer independent of Silo's own
 * src/shared/sigv4 — so tests can craft exact wire requests (bad names, malformed bodies,
 * wrong keys) without going through any SDK's argument checks.
 */
export interface RawRequest {
  method: string
  path: string
  query?: Record<string, string>
  headers?: Record<string, string>
  body?: string | Uint8Array
  accessKey: string
  secretKey: string
  /** Sign a different body than the one sent, to provoke a payload-hash mismatch. */
  signedBody?: string
}

export interface RawResponse {
  status: number
  headers: Headers
  body: string
}

export async function sendSigned(baseUrl: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path, baseUrl)
  const signer = new SignatureV4({
    credentials: { accessKeyId: req.accessKey, secretAccessKey: req.secretKey },
    region: 'us-east-1',
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  })
  const body = req.body ?? ''
  const signed = await signer.sign({
    method: req.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    query: req.query ?? {},
    headers: { host: url.host, ...(req.headers ?? {}) },
    body: req.signedBody ?? body,
  })
  const qs = new URLSearchParams(req.query ?? {}).toString()
  const headers = { ...signed.headers } as Record<string, string>
  delete headers.host
  const res = await fetch(`${url.origin}${url.pathname}${qs ? `?${qs}` : ''}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (body as BodyInit),
  })
  return { status: res.status, headers: res.headers, body: await res.text() }
}

/** The `<Code>` of an S3 XML error body. */
export function errorCode(body: string): string | undefined {
  return /<Code>([^<]+)<\/Code>/.exec(body)?.[1]
}
