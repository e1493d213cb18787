import { createHash, createHmac } from 'node:crypto'
import { Sha256 } from '@aws-crypto/sha256-js'
import { describe, expect, it } from 'vitest'
import {
  createHmacKey,
  deriveSigningKeyAsync,
  hmacSha256,
  sha256Hex,
} from '../../../src/sdk/operations/presign/hmac.js'
import { NodeSha256 } from '../../../src/sdk/platform/node-hash.js'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { deriveSigningKey } from '../../../src/shared/sigv4/signing-key.js'

// The presigner's HMAC is built from the plain hash (RFC 2104); it must equal node:crypto's
// HMAC on both platforms' hashes, and its signing key the shared (AWS-vector-tested) one.
describe.each([
  ['node:crypto', NodeSha256],
  ['@aws-crypto/sha256-js (browsers)', Sha256],
])('presign hashing on %s', (_, Hash) => {
  it('HMAC-SHA256 equals node:crypto for short, block-sized and long keys', async () => {
    for (const key of ['k', 'x'.repeat(64), 'y'.repeat(100)]) {
      const mac = await hmacSha256(Hash, await createHmacKey(Hash, key), 'message ü')
      expect(Buffer.from(mac).toString('hex')).toBe(
        createHmac('sha256', key).update('message ü').digest('hex'),
      )
    }
  })

  it('derives the same signing key as src/shared/sigv4', async () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
    const padded = await deriveSigningKeyAsync(Hash, secret, '20130524', 'us-east-1')
    const expected = deriveSigningKey(nodeCrypto, secret, '20130524', 'us-east-1')
    expect(padded).toEqual(await createHmacKey(Hash, expected))
  })

  it('hashes strings as UTF-8', async () => {
    expect(await sha256Hex(Hash, 'ü')).toBe(createHash('sha256').update('ü').digest('hex'))
  })
})
