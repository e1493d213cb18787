/**
 * What minio-js lets a client change after it is made, read by the transport on every request:
 * text added to the User-Agent (`setAppInfo`), a trace of requests and answers (`traceOn`), a
 * source of fresh credentials (`setCredentialsProvider`) and the S3 Transfer Acceleration
 * endpoint (`setS3TransferAccelerate`).
 */
import type { Credentials } from './signer.js'

/** One request and its answer, as `traceOn` prints them. */
export interface TraceEntry {
  method: string
  /** Escaped path plus `?query`. */
  path: string
  /** The request's headers as sent (the signature is redacted before printing). */
  requestHeaders: Readonly<Record<string, string>>
  /** The answer's status, or undefined when none came. */
  status?: number | undefined
  responseHeaders?: Readonly<Record<string, string | string[] | undefined>> | undefined
  /** The failure, when the request failed (an S3 error answer or a network error). */
  error?: Error | undefined
}

/** Settings changed after construction (see the module comment). */
export interface TransportExtras {
  /** `app/version` pairs appended to the User-Agent, space separated. */
  appInfo?: string | undefined
  /** Hears every request and its answer. */
  trace?: ((entry: TraceEntry) => void) | undefined
  /** Gives the credentials to sign the next request with (called before every request). */
  credentials?: (() => Promise<Credentials>) | undefined
  /** Host that requests for an object in a bucket go to on AWS (e.g. `s3-accelerate.amazonaws.com`). */
  accelerateEndpoint?: string | undefined
}
