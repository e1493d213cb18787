/**
 * SHA-256 and MD5 for Node through node:crypto (native, several times faster than pure JS): the
 * synchronous functions SigV4 signing, presigning and Content-MD5 use. Short inputs are hashed
 * with `crypto.hash` (Node ≥ 20.12), one native call without a Hash object; the signature's
 * HMAC is RFC 2104 by hand over it, with the key's padded blocks prepared once per signing key
 * (a key lives a day): per request that is two one-shot hashes instead of a createHmac, which
 * sets the key up again each time (issue 18: the Hmac object was a third of the signing time
 * in the SDK's 1 KiB GET profile). Older Node versions fall back to createHash / createHmac.
 */
import * as nodeCrypto from 'node:crypto'
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'

type Secret = string | ArrayBuffer | ArrayBufferView

/**
 * A node:crypto SHA-256 / HMAC-SHA-256 with the interface of `@aws-crypto/sha256-js` (and so of
 * `@smithy/signature-v4`'s hash option): what the signing bench and the cross-check tests hand
 * smithy. The SDK itself signs with the synchronous functions below.
 * @example
 * const h = new NodeSha256(); h.update(bytes); const digest = await h.digest()
 */
export class NodeSha256 {
  readonly #secret: Secret | undefined
  #hash: Hash | Hmac

  constructor(secret?: Secret) {
    this.#secret = secret
    this.#hash = create(secret)
  }

  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(toBinary(data))
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.#hash.digest())
  }

  reset(): void {
    this.#hash = create(this.#secret)
  }
}

function create(secret: Secret | undefined): Hash | Hmac {
  return secret === undefined ? createHash('sha256') : createHmac('sha256', toBinary(secret))
}

function toBinary(data: Secret): string | Uint8Array {
  if (typeof data === 'string' || data instanceof Uint8Array) return data
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  return new Uint8Array(data)
}

// Read through the namespace: a named import of an export Node 20.0-20.11 lacks fails to link.
const oneShot: typeof nodeCrypto.hash | undefined =
  typeof nodeCrypto.hash === 'function' ? nodeCrypto.hash : undefined

/**
 * Hex SHA-256 of `data` (strings as UTF-8).
 * @example
 * sha256Hex('') // 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function sha256Hex(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha256', data, 'hex') : createHash('sha256').update(data).digest('hex')
}

/**
 * Base64 MD5 of `data`: a Content-MD5 value, without the digest's bytes passing through JS.
 * @example
 * md5Base64(new Uint8Array()) // '1B2M2Y8AsgTpgAmY7PhCfg=='
 */
export function md5Base64(data: Uint8Array): string {
  return oneShot ? oneShot('md5', data, 'base64') : createHash('md5').update(data).digest('base64')
}

const BLOCK = 64
const DIGEST = 32

// A key's HMAC blocks: (key XOR ipad) followed by room for the message, and (key XOR opad)
// followed by room for the inner digest.
interface PreparedKey {
  inner: Buffer
  outer: Buffer
}

const prepared = new WeakMap<Uint8Array, PreparedKey>()

function prepare(key: Uint8Array): PreparedKey {
  let found = prepared.get(key)
  if (found === undefined) {
    const inner = Buffer.alloc(BLOCK + 512, 0x36)
    const outer = Buffer.alloc(BLOCK + DIGEST, 0x5c)
    for (let i = 0; i < key.byteLength; i++) {
      inner[i]! ^= key[i]!
      outer[i]! ^= key[i]!
    }
    found = { inner, outer }
    prepared.set(key, found)
  }
  return found
}

/**
 * Hex HMAC-SHA256 of `data` under `key`. A byte key of at most one block (a SigV4 signing key)
 * is prepared once and kept while the key object lives (keyed by the object: the SDK never
 * changes a key's bytes, it derives a new key); other keys go through createHmac.
 * @example
 * hmacSha256Hex(signingKey, stringToSign) // 64 hex digits
 */
export function hmacSha256Hex(key: string | Uint8Array, data: string | Uint8Array): string {
  if (
    oneShot === undefined ||
    typeof key === 'string' ||
    key.byteLength > BLOCK ||
    typeof data !== 'string'
  ) {
    return createHmac('sha256', key).update(data).digest('hex')
  }
  const { inner, outer } = prepare(key)
  // The message is copied behind the inner pad; a longer one than the room gets a new buffer.
  const length = Buffer.byteLength(data, 'utf8')
  const block =
    length <= inner.byteLength - BLOCK
      ? inner
      : Buffer.concat([inner.subarray(0, BLOCK), Buffer.alloc(length)], BLOCK + length)
  block.write(data, BLOCK, 'utf8')
  oneShot('sha256', block.subarray(0, BLOCK + length), 'buffer').copy(outer, BLOCK)
  return oneShot('sha256', outer, 'hex')
}

/**
 * The hashing SigV4 needs, through node:crypto (synchronous).
 * @example
 * const sign = createSigner(credentials, nodeSigV4Crypto)
 */
export const nodeSigV4Crypto: SigV4Crypto = {
  sha256Hex,
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest(),
  hmacSha256Hex,
}
