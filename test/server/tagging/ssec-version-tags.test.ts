import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { existingObjectTagValues } from '../../../src/server/auth/existing-object-tags.js'
import { readObjectTags, tagHeaders } from '../../../src/server/tagging/object-tags.js'
import { bodyOf } from '../storage/contract/helpers.js'
import { ENCRYPTED_BACKENDS, type EncryptedStorage, newCustomerKey } from '../storage/encryption/harness.js'

const bucket = 'sealed-versions'

/**
 * A version's tags are metadata: reading them for GetObjectTagging?versionId= or a policy's
 * s3:ExistingObjectTag needs no SSE-C key (S3 takes none on tagging requests), while a client's
 * HEAD of that version still does (issues 14, 15).
 */
describe.each(ENCRYPTED_BACKENDS)('tags of an SSE-C version over %s', (_name, open) => {
  let s: EncryptedStorage
  beforeEach(async () => {
    s = await open()
    await s.layer.createBucket(bucket, '')
  })
  afterEach(() => s.cleanup())

  it('a metadata lookup of a version reads its tags without the key; a HEAD still needs it', async () => {
    const customerKey = newCustomerKey()
    const v1 = await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf(Buffer.from('first')),
      headers: tagHeaders([{ key: 'secret', value: 'yes' }]),
      encryption: { kind: 'SSE-C', ...customerKey },
      versioning: 'Enabled',
    })
    await s.layer.putObject({ bucket, key: 'k', body: bodyOf(Buffer.from('second')), versioning: 'Enabled' })
    const versionId = v1.versionId as string
    const lookup = await s.layer.headObject(bucket, 'k', { versionId, metadataLookup: true })
    expect(readObjectTags(lookup)).toEqual([{ key: 'secret', value: 'yes' }])
    expect(await existingObjectTagValues(s.layer, bucket, 'k', versionId)).toEqual({
      's3:ExistingObjectTag/secret': 'yes',
    })
    expect(await existingObjectTagValues(s.layer, bucket, 'k')).toEqual({})
    await expect(s.layer.headObject(bucket, 'k', { versionId })).rejects.toMatchObject({
      code: 'InvalidRequest',
    })
    const head = await s.layer.headObject(bucket, 'k', { versionId, customerKey })
    expect(head.size).toBe(5)
  })
})
