import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'
import { deriveSigningKey } from '../../shared/sigv4/signing-key.js'

const MAX_ENTRIES = 1024

/**
 * Signing keys by access key, date, region and service: a key changes once a day, so deriving
 * it (four HMACs) per request is waste. Entries remember the secret they came from, so a
 * rotated secret never reuses a stale key.
 */
export class SigningKeyCache {
  readonly #crypto: SigV4Crypto
  readonly #entries = new Map<string, { secret: string; key: Uint8Array }>()

  constructor(crypto: SigV4Crypto) {
    this.#crypto = crypto
  }

  /** The signing key for this scope, derived at most once per secret. */
  get(accessKey: string, secret: string, date: string, region: string, service: string): Uint8Array {
    const id = `${accessKey}\n${date}\n${region}\n${service}`
    const hit = this.#entries.get(id)
    if (hit && hit.secret === secret) return hit.key
    // Dates move on and old entries are never asked for again; dropping all is simplest.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear()
    const key = deriveSigningKey(this.#crypto, secret, date, region, service)
    this.#entries.set(id, { secret, key })
    return key
  }
}
