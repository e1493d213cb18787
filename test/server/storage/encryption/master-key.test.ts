import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../../../../src/server/options.js'
import { parseMasterKey } from '../../../../src/server/storage/encryption/object-keys.js'

const key32 = Buffer.alloc(32, 9).toString('base64')

describe('the SSE-S3 master key', () => {
  it("parses MinIO's name:base64 form", () => {
    expect(parseMasterKey(`my-minio-key:${key32}`)).toEqual({
      name: 'my-minio-key',
      key: Buffer.alloc(32, 9),
    })
  })

  it.each([
    ['no name', `:${key32}`, /name:base64/],
    ['no colon', key32, /name:base64/],
    ['not base64', 'k:***', /name:base64/],
    ['16 bytes', `k:${Buffer.alloc(16).toString('base64')}`, /32 bytes.*not 16/],
  ])('refuses %s', (_what, text, message) => {
    expect(() => parseMasterKey(text)).toThrow(message)
  })

  it('comes from the kmsSecretKey option, else SILO_KMS_SECRET_KEY, else is absent', () => {
    const env = { SILO_KMS_SECRET_KEY: `from-env:${key32}` }
    expect(resolveOptions({ dir: 'd', kmsSecretKey: `from-option:${key32}` }, env).masterKey?.name).toBe(
      'from-option',
    )
    expect(resolveOptions({ dir: 'd' }, env).masterKey?.name).toBe('from-env')
    expect(resolveOptions({ dir: 'd' }, {}).masterKey).toBeUndefined()
    expect(() => resolveOptions({ dir: 'd' }, { SILO_KMS_SECRET_KEY: 'k:short' })).toThrow(
      /createServer: .*SILO_KMS_SECRET_KEY/,
    )
  })
})
