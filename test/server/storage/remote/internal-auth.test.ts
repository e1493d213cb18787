import { describe, expect, it } from 'vitest'
import {
  deriveInternalKey,
  INTERNAL_AUTH_MAX_SKEW_MS,
  signInternalRequest,
  verifyInternalRequest,
} from '../../../../src/server/storage/remote/internal-auth.js'

const key = deriveInternalKey('root-secret', 'silo internal storage v1')
const fields = ['POST', '/silo/storage/v1/readObject', '%2Fmnt%2Fd1', '']
const now = 1_750_000_000_000
const signed = signInternalRequest(key, fields, now)

describe('internal auth', () => {
  it('signs as <unix ms>.<hex HMAC-SHA256> and verifies its own signature', () => {
    expect(signed).toMatch(/^1750000000000\.[0-9a-f]{64}$/)
    expect(verifyInternalRequest(key, signed, fields, now)).toBeUndefined()
    expect(verifyInternalRequest(key, signed, fields, now + INTERNAL_AUTH_MAX_SKEW_MS)).toBeUndefined()
  })

  const otherKey = deriveInternalKey('another-secret', 'silo internal storage v1')
  const otherPurpose = deriveInternalKey('root-secret', 'silo internal lock v1')
  it.each([
    ['no header', undefined, fields, now, /no x-silo-internal-auth header/],
    ['two headers', [signed, signed], fields, now, /is not <unix ms>/],
    ['no timestamp', signed.split('.')[1], fields, now, /is not <unix ms>/],
    ['a short MAC', signed.slice(0, -2), fields, now, /is not <unix ms>/],
    ['too old', signed, fields, now + INTERNAL_AUTH_MAX_SKEW_MS + 1, /more than 15 minutes/],
    ['from the future', signed, fields, now - INTERNAL_AUTH_MAX_SKEW_MS - 1, /more than 15 minutes/],
    ['another drive', signed, ['POST', fields[1]!, '%2Fmnt%2Fd2', ''], now, /does not match/],
    [
      'another call',
      signed,
      ['POST', '/silo/storage/v1/deleteBucket', fields[2]!, ''],
      now,
      /does not match/,
    ],
    ['another secret', signInternalRequest(otherKey, fields, now), fields, now, /does not match/],
    ['another purpose', signInternalRequest(otherPurpose, fields, now), fields, now, /does not match/],
    ['a moved timestamp', `${now + 1}.${signed.split('.')[1]}`, fields, now, /does not match/],
  ] as const)('refuses %s, saying why', (_, header, signedFields, at, reason) => {
    expect(verifyInternalRequest(key, header as string | string[] | undefined, signedFields, at)).toMatch(
      reason,
    )
  })
})
