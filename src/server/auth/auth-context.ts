import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'
import type { CredentialStore, Identity } from './credentials.js'
import type { PayloadMode } from './payload-mode.js'
import type { SigningKeyCache } from './signing-key-cache.js'

/** What authentication needs from the server: credentials, region, hashing and a clock. */
export interface AuthContext {
  credentials: CredentialStore
  /** The region signatures must be scoped to; '' accepts any (no region configured). */
  region: string
  crypto: SigV4Crypto
  keys: SigningKeyCache
  now(): number
}

/** Where the signature chain of a `STREAMING-AWS4-HMAC-SHA256-PAYLOAD` body starts. */
export interface ChunkSigning {
  key: Uint8Array
  amzDate: string
  scope: string
  seedSignature: string
  /**
   * The body ends with a trailer whose `x-amz-trailer-signature` is required
   * (`STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER`). Trailer lines in any signed body must be signed.
   */
  trailer?: boolean
}

/** The outcome of authentication: who is calling and how to read the body. */
export interface Authentication {
  identity: Identity
  payload: PayloadMode
  chunkSigning?: ChunkSigning
  /**
   * `x-amz-*` headers a presigned URL carries in its signed query (`read-hoisted-headers.ts`):
   * they become the request's headers once it is authenticated.
   */
  hoistedHeaders?: Readonly<Record<string, string>>
}

/** The parts of an HTTP request authentication reads. */
export interface AuthRequest {
  method: string
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** Node's `req.rawHeaders`: read only when a header repeats (see signed-header-block.ts). */
  rawHeaders?: readonly string[]
}
