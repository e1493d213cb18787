/** The Node platform's one-shot hashes and prepared-key HMAC against node:crypto's plain API. */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hmacSha256Hex, md5Base64, sha256Hex } from '../../../src/sdk/platform/node-hash.js'

const messages = [
  '',
  'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\nabc',
  'héllo wörld ✓ 𝄞',
  'x'.repeat(447),
  'y'.repeat(448),
  'z'.repeat(2000),
  'é'.repeat(300),
]

describe('node-hash', () => {
  it('hashes strings and bytes as createHash does', () => {
    for (const message of messages) {
      expect(sha256Hex(message)).toBe(createHash('sha256').update(message).digest('hex'))
      const bytes = Buffer.from(message)
      expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'))
      expect(md5Base64(bytes)).toBe(createHash('md5').update(bytes).digest('base64'))
    }
    const view = randomBytes(100).subarray(7, 61)
    expect(md5Base64(view)).toBe(createHash('md5').update(view).digest('base64'))
  })

  it('computes HMAC-SHA256 as createHmac does, for one key over and over and for any key', () => {
    const keys: Array<string | Uint8Array> = [
      randomBytes(32),
      new Uint8Array(0),
      randomBytes(64),
      randomBytes(65),
      randomBytes(200),
      'AWS4secret',
      randomBytes(48).subarray(5, 37),
    ]
    for (const key of keys) {
      // Longer and shorter messages in turn: nothing of an earlier message may stay behind.
      for (const message of [...messages, ...messages.slice().reverse()]) {
        expect(hmacSha256Hex(key, message)).toBe(createHmac('sha256', key).update(message).digest('hex'))
      }
      const bytes = Buffer.from('bytes as data')
      expect(hmacSha256Hex(key, bytes)).toBe(createHmac('sha256', key).update(bytes).digest('hex'))
    }
  })
})
