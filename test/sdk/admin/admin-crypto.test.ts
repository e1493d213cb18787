import { describe, expect, it } from 'vitest'
import {
  type AdminCryptoError,
  decryptAdminBody,
  ENVELOPE_OVERHEAD,
  encryptAdminBody,
  isAdminCryptoError,
} from '../../../src/shared/admin-crypto/index.js'

const SECRET = 'admin-secret-key-123'
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as AdminCryptoError,
  )

describe('admin body encryption (WebCrypto PBKDF2 → AES-256-GCM)', () => {
  it('round-trips a body, with a fresh salt and IV each time', async () => {
    const text = JSON.stringify({ secretKey: 'ünïcode secret ✓', policy: 'readonly' })
    const a = await encryptAdminBody(SECRET, text)
    const b = await encryptAdminBody(SECRET, text)
    expect(a[0]).toBe(1) // version byte
    expect(a.byteLength).toBe(new TextEncoder().encode(text).byteLength + ENVELOPE_OVERHEAD)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
    expect(decode(await decryptAdminBody(SECRET, a))).toBe(text)
    expect(decode(await decryptAdminBody(SECRET, b))).toBe(text)
    expect(Buffer.from(a).includes(Buffer.from('secretKey'))).toBe(false)
  })

  it('a wrong key fails clearly', async () => {
    const sealed = await encryptAdminBody(SECRET, '{"a":1}')
    const e = await failure(decryptAdminBody('another-secret-key', sealed))
    expect(isAdminCryptoError(e)).toBe(true)
    expect(e).toMatchObject({ reason: 'key' })
    expect(e!.message).toContain('secret key is wrong')
  })

  it('a tampered body, a foreign version byte or a truncated body is refused', async () => {
    const sealed = await encryptAdminBody(SECRET, '{"a":1}')
    const flipped = sealed.slice()
    flipped[flipped.length - 1]! ^= 1
    expect(await failure(decryptAdminBody(SECRET, flipped))).toMatchObject({ reason: 'key' })
    const version = sealed.slice()
    version[0] = 2
    expect(await failure(decryptAdminBody(SECRET, version))).toMatchObject({ reason: 'version' })
    expect(await failure(decryptAdminBody(SECRET, sealed.slice(0, 20)))).toMatchObject({ reason: 'format' })
  })

  it('an empty body round-trips', async () => {
    const sealed = await encryptAdminBody(SECRET, '')
    expect(sealed.byteLength).toBe(ENVELOPE_OVERHEAD)
    expect(decode(await decryptAdminBody(SECRET, sealed))).toBe('')
  })
})
