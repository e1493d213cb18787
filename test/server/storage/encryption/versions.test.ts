import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bodyOf, readAll } from '../contract/helpers.js'
import { ENCRYPTED_BACKENDS, type EncryptedStorage, newCustomerKey } from './harness.js'

const bucket = 'versions'

/** The encrypting layer passes versioning through (issue 14). */
describe.each(ENCRYPTED_BACKENDS)('encrypted objects and versions over %s', (_name, open) => {
  let s: EncryptedStorage
  beforeEach(async () => {
    s = await open()
    await s.layer.createBucket(bucket, '')
  })
  afterEach(() => s.cleanup())

  it('reads an older encrypted version by its ID', async () => {
    const first = await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf('one'),
      versioning: 'Enabled',
      encryption: { kind: 'SSE-S3' },
    })
    await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf('two'),
      versioning: 'Enabled',
      encryption: { kind: 'SSE-S3' },
    })
    expect(first.versionId).toBeDefined()
    const old = await s.layer.getObject(bucket, 'k', undefined, { versionId: first.versionId })
    expect((await readAll(old.body)).toString()).toBe('one')
    const range = await s.layer.getObject(bucket, 'k', { start: 1, end: 2 }, { versionId: first.versionId })
    expect((await readAll(range.body)).toString()).toBe('ne')
    expect((await s.layer.headObject(bucket, 'k', { versionId: first.versionId })).size).toBe(3)
    const latest = await s.layer.getObject(bucket, 'k')
    expect((await readAll(latest.body)).toString()).toBe('two')
    const versions = await s.layer.listObjectVersions!({ bucket })
    expect(versions.versions.map((v) => [v.size, v.encryption?.kind])).toEqual([
      [3, 'SSE-S3'],
      [3, 'SSE-S3'],
    ])
    expect(JSON.stringify(versions.versions)).not.toContain('x-silo-internal-sse')
  })

  it('keeps the encryption record through a metadata rewrite, which never sees it', async () => {
    const ssec = newCustomerKey()
    await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf('secret'),
      encryption: { kind: 'SSE-C', ...ssec },
    })
    let seen: Record<string, string> = {}
    const updated = await s.layer.updateObjectMetadata!(bucket, 'k', undefined, (headers) => {
      seen = headers
      return { 'x-amz-meta-tag': 'v' }
    })
    expect(Object.keys(seen).some((n) => n.startsWith('x-silo-internal-sse-'))).toBe(false)
    expect(updated.headers).toEqual({ 'x-amz-meta-tag': 'v' })
    const read = await s.layer.getObject(bucket, 'k', undefined, { customerKey: ssec })
    expect((await readAll(read.body)).toString()).toBe('secret')
  })
})
