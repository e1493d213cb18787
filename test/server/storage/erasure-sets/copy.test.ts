import { describe, expect, it } from 'vitest'
import { S3ServerError } from '../../../../src/server/errors.js'
import type { CopyObjectInput, ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { bodyOf, getText, patternBytes, putText, readAll } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'
import { ENCRYPTED_BACKENDS } from '../encryption/harness.js'
import { keysOfSet, openTempSets } from './harness.js'

const BUCKET = 'copies'
const MiB = 1024 * 1024
// The source in set 2 of 2; one destination in the other set, one in the source's own (a copy
// within one set links shards: what the copy across sets must answer like).
const SOURCE = keysOfSet(1, 2, 1, (i) => `source-${i}`)[0]!
const ACROSS = keysOfSet(0, 2, 1, (i) => `copy-${i}`)[0]!
const WITHIN = keysOfSet(1, 2, 1, (i) => `copy-${i}`)[0]!

/** Copies SOURCE to both destinations with the same input; the answers (or errors) of both. */
async function copyBoth(backend: ObjectLayer, input: Partial<CopyObjectInput> = {}) {
  const copy = (key: string) =>
    backend.copyObject({ sourceBucket: BUCKET, sourceKey: SOURCE, bucket: BUCKET, key, ...input }).then(
      (info) => ({ info }),
      (error: S3ServerError) => ({
        error: { code: error.code, details: error.details, headers: error.headers },
      }),
    )
  return { across: await copy(ACROSS), within: await copy(WITHIN) }
}

/** What HEAD says of a copy, but its key and time. */
async function described(backend: ObjectLayer, key: string) {
  const { bucket, key: _key, lastModified, versionId, ...rest } = await backend.headObject(BUCKET, key)
  return rest
}

describe('erasure sets: CopyObject across sets', () => {
  const storage = useStorage(async () => {
    const h = await openTempSets(2)
    await h.backend.createBucket(BUCKET, '')
    return h
  })

  it('keeps the source metadata (COPY) or takes the new (REPLACE), with its ETag, as within a set', async () => {
    const { backend } = storage()
    const source = await backend.putObject({
      bucket: BUCKET,
      key: SOURCE,
      body: bodyOf('the source'),
      contentType: 'text/plain',
      headers: { 'x-amz-meta-colour': 'blue', 'cache-control': 'no-cache', 'x-amz-tagging': 'a=1' },
    })
    const kept = await copyBoth(backend)
    expect(kept.across).toMatchObject({ info: { key: ACROSS, etag: source.etag, contentType: 'text/plain' } })
    expect(await described(backend, ACROSS)).toEqual(await described(backend, WITHIN))
    expect(await described(backend, ACROSS)).toMatchObject({
      contentType: 'text/plain',
      headers: { 'x-amz-meta-colour': 'blue', 'cache-control': 'no-cache' },
    })
    expect(await getText(backend, BUCKET, ACROSS)).toBe('the source')
    const metadata = { contentType: 'image/png', headers: { 'x-amz-meta-size': 'big' } }
    await copyBoth(backend, { metadata, tags: { 'x-amz-tagging': 'b=2' } })
    const replaced = await described(backend, ACROSS)
    expect(replaced).toEqual(await described(backend, WITHIN))
    expect(replaced.contentType).toBe('image/png')
    expect(replaced.headers).toMatchObject({ 'x-amz-meta-size': 'big' })
    expect(replaced.headers['x-amz-meta-colour']).toBeUndefined()
  })

  it('refuses as within a set: the check on the source, the condition on the target, missing ones', async () => {
    const { backend } = storage()
    const source = await putText(backend, BUCKET, SOURCE, 'new source')
    await putText(backend, BUCKET, ACROSS, 'old')
    await putText(backend, BUCKET, WITHIN, 'old')
    const refuse = () => {
      throw new S3ServerError('PreconditionFailed', undefined, { Condition: 'x-amz-copy-source-if-match' })
    }
    const checked = await copyBoth(backend, { check: refuse })
    expect(checked.across).toEqual(checked.within)
    expect(checked.across).toMatchObject({ error: { code: 'PreconditionFailed' } })
    const exists = await copyBoth(backend, { condition: { ifNoneMatch: '*' } })
    expect(exists.across).toEqual(exists.within)
    expect(exists.across).toMatchObject({ error: { code: 'PreconditionFailed' } })
    expect(await getText(backend, BUCKET, ACROSS)).toBe('old')
    const wrongTag = await copyBoth(backend, { condition: { ifMatch: '"0123"' } })
    expect(wrongTag.across).toEqual(wrongTag.within)
    expect(await getText(backend, BUCKET, ACROSS)).toBe('old')
    const old = await backend.headObject(BUCKET, ACROSS)
    await backend.copyObject({
      sourceBucket: BUCKET,
      sourceKey: SOURCE,
      bucket: BUCKET,
      key: ACROSS,
      condition: { ifMatch: old.etag },
      check: (info) => expect(info.etag).toBe(source.etag),
    })
    expect(await getText(backend, BUCKET, ACROSS)).toBe('new source')
    await backend.deleteObject(BUCKET, SOURCE)
    const missing = await copyBoth(backend)
    expect(missing.across).toEqual(missing.within)
    expect(missing.across).toMatchObject({ error: { code: 'NoSuchKey' } })
    await putText(backend, BUCKET, SOURCE, 'again')
    const noBucket = await copyBoth(backend, { bucket: 'no-such-bucket' })
    expect(noBucket.across).toEqual(noBucket.within)
    expect(noBucket.across).toMatchObject({ error: { code: 'NoSuchBucket' } })
  })

  it('copies a version as a new version, and answers a delete marker by ID as within a set', async () => {
    const { backend } = storage()
    const versioning = 'Enabled' as const
    const v1 = await backend.putObject({ bucket: BUCKET, key: SOURCE, body: bodyOf('one'), versioning })
    await backend.putObject({ bucket: BUCKET, key: SOURCE, body: bodyOf('two'), versioning })
    const copied = await copyBoth(backend, { sourceVersionId: v1.versionId, versioning })
    expect(copied.across).toMatchObject({ info: { versionId: expect.stringMatching(/^[0-9a-f]{32}$/) } })
    expect(await getText(backend, BUCKET, ACROSS)).toBe('one')
    const marker = await backend.deleteObject(BUCKET, SOURCE, { versioning })
    const onMarker = await copyBoth(backend, { sourceVersionId: marker.versionId, versioning })
    expect(onMarker.across).toEqual(onMarker.within)
    expect(onMarker.across).toMatchObject({
      error: { code: 'MethodNotAllowed', details: { Method: 'COPY' } },
    })
    const latest = await copyBoth(backend, { versioning })
    expect(latest.across).toEqual(latest.within)
    expect(latest.across).toMatchObject({ error: { code: 'NoSuchKey' } })
  })

  it('copies a multipart source part by part: its ETag, part sizes, checksums and bytes', async () => {
    const { backend } = storage()
    const parts = [patternBytes(5 * MiB, 1), patternBytes(MiB + 3, 2)]
    const { uploadId } = await backend.createMultipartUpload({ bucket: BUCKET, key: SOURCE })
    const uploaded = []
    for (const [i, bytes] of parts.entries()) {
      const checksum = { 'x-amz-checksum-crc32': `part${i}==` }
      const part = await backend.uploadPart({
        bucket: BUCKET,
        key: SOURCE,
        uploadId,
        partNumber: i + 1,
        body: bodyOf(bytes),
        trailingHeaders: () => checksum,
      })
      uploaded.push({ partNumber: i + 1, etag: part.etag })
    }
    const checksumHeaders = { 'x-amz-checksum-crc32': 'whole==-2', 'x-amz-checksum-type': 'COMPOSITE' }
    await backend.completeMultipartUpload({
      bucket: BUCKET,
      key: SOURCE,
      uploadId,
      parts: uploaded,
      checksumHeaders,
    })
    const copied = await backend.copyObject({
      sourceBucket: BUCKET,
      sourceKey: SOURCE,
      bucket: BUCKET,
      key: ACROSS,
    })
    expect(copied.uploadId).toBeUndefined()
    const source = await backend.headObject(BUCKET, SOURCE)
    const copy = await backend.headObject(BUCKET, ACROSS)
    for (const field of ['etag', 'size', 'partSizes', 'partEtags', 'partChecksums', 'headers'] as const) {
      expect(copy[field], field).toEqual(source[field])
    }
    expect(copy.etag).toMatch(/-2$/)
    expect((await readAll((await backend.getObject(BUCKET, ACROSS)).body)).equals(Buffer.concat(parts))).toBe(
      true,
    )
    const range = { start: 5 * MiB - 10, end: 5 * MiB + 9 }
    const middle = await readAll((await backend.getObject(BUCKET, ACROSS, range)).body)
    expect(middle.equals(Buffer.concat(parts).subarray(range.start, range.end + 1))).toBe(true)
  })
})

describe('erasure sets: an encrypted multipart object copied across sets', () => {
  const open = ENCRYPTED_BACKENDS.find(([name]) => name.startsWith('erasure sets'))![1]
  const storage = useStorage(open)

  it('reads back (SSE-S3 to SSE-S3 keeps the stored parts, sealed for the new name)', async () => {
    const { layer } = storage()
    await layer.createBucket(BUCKET, '')
    const parts = [patternBytes(5 * MiB, 3), patternBytes(70_000, 4)]
    const encryption = { kind: 'SSE-S3' as const }
    const { uploadId } = await layer.createMultipartUpload({ bucket: BUCKET, key: SOURCE, encryption })
    const uploaded = []
    for (const [i, bytes] of parts.entries()) {
      const part = await layer.uploadPart({
        bucket: BUCKET,
        key: SOURCE,
        uploadId,
        partNumber: i + 1,
        body: bodyOf(bytes),
      })
      uploaded.push({ partNumber: i + 1, etag: part.etag })
    }
    const source = await layer.completeMultipartUpload({
      bucket: BUCKET,
      key: SOURCE,
      uploadId,
      parts: uploaded,
    })
    const copied = await layer.copyObject({
      sourceBucket: BUCKET,
      sourceKey: SOURCE,
      bucket: BUCKET,
      key: ACROSS,
      encryption,
    })
    expect(copied.etag).toBe(source.etag)
    expect((await readAll((await layer.getObject(BUCKET, ACROSS)).body)).equals(Buffer.concat(parts))).toBe(
      true,
    )
  })
})
