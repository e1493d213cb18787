import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CustomerKey, EncryptionRequest } from '../../../../src/server/storage/object-layer.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import { ENCRYPTED_BACKENDS, type EncryptedStorage, filesContain, newCustomerKey } from './harness.js'

const bucket = 'vault'
const MiB = 1024 * 1024

describe.each(ENCRYPTED_BACKENDS)('encrypted multipart and copy over %s', (_name, open) => {
  let s: EncryptedStorage
  beforeEach(async () => {
    s = await open()
    await s.layer.createBucket(bucket, '')
  })
  afterEach(() => s.cleanup())

  async function read(key: string, customerKey?: CustomerKey, range?: { start: number; end: number }) {
    const { body } = await s.layer.getObject(bucket, key, range, { customerKey })
    return readAll(body)
  }

  it.each(['SSE-S3', 'SSE-C'] as const)(
    '%s: parts uploaded out of order and replaced make the object',
    async (kind) => {
      const ssec = newCustomerKey()
      const encryption: EncryptionRequest = kind === 'SSE-S3' ? { kind } : { kind, ...ssec }
      const customerKey = kind === 'SSE-C' ? ssec : undefined
      const upload = await s.layer.createMultipartUpload({
        bucket,
        key: 'big',
        encryption,
        headers: { 'x-amz-meta-a': '1' },
      })
      expect(upload.encryption?.kind).toBe(kind)
      expect(upload.headers).toEqual({ 'x-amz-meta-a': '1' })
      const parts = [patternBytes(5 * MiB, 1), patternBytes(5 * MiB + 3, 2), patternBytes(70_000, 3)]
      const put = (n: number, bytes: Buffer) =>
        s.layer.uploadPart({
          bucket,
          key: 'big',
          uploadId: upload.uploadId,
          partNumber: n,
          body: bodyOf(bytes),
          size: bytes.length,
          customerKey,
        })
      // Part numbers 2, 5, 9: not contiguous, uploaded last to first, the middle one replaced.
      const p9 = await put(9, parts[2]!)
      await put(5, patternBytes(5 * MiB + 3, 99))
      const p5 = await put(5, parts[1]!)
      const p2 = await put(2, parts[0]!)
      expect([p2.size, p5.size, p9.size]).toEqual(parts.map((p) => p.length))
      const listed = await s.layer.listParts({ bucket, key: 'big', uploadId: upload.uploadId })
      expect(listed.parts.map((p) => [p.partNumber, p.size])).toEqual([
        [2, parts[0]!.length],
        [5, parts[1]!.length],
        [9, parts[2]!.length],
      ])
      expect(JSON.stringify(listed.upload)).not.toContain('x-silo-internal')
      const uploads = await s.layer.listMultipartUploads({ bucket })
      expect(uploads.uploads[0]!.encryption?.kind).toBe(kind)
      expect(JSON.stringify(uploads.uploads)).not.toContain('x-silo-internal')
      const done = await s.layer.completeMultipartUpload({
        bucket,
        key: 'big',
        uploadId: upload.uploadId,
        parts: [p2, p5, p9].map((p) => ({ partNumber: p.partNumber, etag: `"${p.etag}"` })),
      })
      const whole = Buffer.concat(parts)
      expect(done.size).toBe(whole.length)
      expect(done.etag).toMatch(/^[0-9a-f]{32}-3$/)
      expect((await read('big', customerKey)).equals(whole)).toBe(true)
      const head = await s.layer.headObject(bucket, 'big', { customerKey })
      expect(head.partSizes).toEqual(parts.map((p) => p.length))
      expect(head.size).toBe(whole.length)
      expect((await s.layer.listObjects({ bucket })).objects[0]).toMatchObject({
        size: whole.length,
        etag: done.etag,
      })
      // A range across the part boundaries.
      const range = { start: 5 * MiB - 10, end: 10 * MiB + 20 }
      expect((await read('big', customerKey, range)).equals(whole.subarray(range.start, range.end + 1))).toBe(
        true,
      )
      // Copied to SSE-S3 under another name (SSE-S3 sources share their stored bytes).
      await s.layer.copyObject({
        sourceBucket: bucket,
        sourceKey: 'big',
        bucket,
        key: 'copy',
        sourceCustomerKey: customerKey,
        encryption: { kind: 'SSE-S3' },
      })
      expect((await read('copy')).equals(whole)).toBe(true)
      const inCopy = await read('copy', undefined, range)
      expect(inCopy.equals(whole.subarray(range.start, range.end + 1))).toBe(true)
      expect(await s.layer.headObject(bucket, 'copy', {})).toMatchObject({ size: whole.length })
    },
  )

  it('SSE-C uploads need the upload key on every part', async () => {
    const ssec = newCustomerKey()
    const upload = await s.layer.createMultipartUpload({
      bucket,
      key: 'k',
      encryption: { kind: 'SSE-C', ...ssec },
    })
    const part = (customerKey?: CustomerKey) =>
      s.layer.uploadPart({
        bucket,
        key: 'k',
        uploadId: upload.uploadId,
        partNumber: 1,
        body: bodyOf('x'),
        customerKey,
      })
    await expectS3Error(part(), 'InvalidRequest')
    await expectS3Error(part(newCustomerKey()), 'AccessDenied')
    const plain = await s.layer.createMultipartUpload({ bucket, key: 'p' })
    await expectS3Error(
      s.layer.uploadPart({
        bucket,
        key: 'p',
        uploadId: plain.uploadId,
        partNumber: 1,
        body: bodyOf('x'),
        customerKey: ssec,
      }),
      'InvalidRequest',
    )
  })

  it('checks the minimum part size in plaintext', async () => {
    const upload = await s.layer.createMultipartUpload({ bucket, key: 'k', encryption: { kind: 'SSE-S3' } })
    // 5 MiB less 100 bytes of plaintext is more than 5 MiB stored (salt and tags).
    const small = patternBytes(5 * MiB - 100)
    const p1 = await s.layer.uploadPart({
      bucket,
      key: 'k',
      uploadId: upload.uploadId,
      partNumber: 1,
      body: bodyOf(small),
    })
    const p2 = await s.layer.uploadPart({
      bucket,
      key: 'k',
      uploadId: upload.uploadId,
      partNumber: 2,
      body: bodyOf('end'),
    })
    await expectS3Error(
      s.layer.completeMultipartUpload({ bucket, key: 'k', uploadId: upload.uploadId, parts: [p1, p2] }),
      'EntityTooSmall',
    )
  })

  describe('copy', () => {
    const plain = patternBytes(200_000, 5)
    const marker = Buffer.from('COPY-MARKER-PLAINTEXT-987654321')
    marker.copy(plain, 1000)
    const ssecA = newCustomerKey()
    const ssecB = newCustomerKey()
    type Side = { name: string; encryption?: EncryptionRequest; key?: CustomerKey }
    const sides: Side[] = [
      { name: 'plain' },
      { name: 'SSE-S3', encryption: { kind: 'SSE-S3' } },
      { name: 'SSE-C', encryption: { kind: 'SSE-C', ...ssecA }, key: ssecA },
    ]
    const targets: Side[] = [
      ...sides,
      { name: 'SSE-C (other key)', encryption: { kind: 'SSE-C', ...ssecB }, key: ssecB },
    ]

    it.each(sides.flatMap((from) => targets.map((to) => [from.name, to.name, from, to] as const)))(
      '%s → %s',
      async (_from, _to, from, to) => {
        await s.layer.putObject({
          bucket,
          key: 'src',
          body: bodyOf(plain),
          encryption: from.encryption,
          headers: { 'x-amz-meta-x': 'y' },
        })
        const copied = await s.layer.copyObject({
          sourceBucket: bucket,
          sourceKey: 'src',
          bucket,
          key: 'dst',
          encryption: to.encryption,
          sourceCustomerKey: from.key,
        })
        expect(copied.size).toBe(plain.length)
        expect(copied.encryption?.kind).toBe(to.encryption?.kind)
        expect(copied.headers).toEqual({ 'x-amz-meta-x': 'y' })
        if (to.encryption?.kind !== 'SSE-C') expect(copied.etag).toBe(md5Hex(plain))
        expect((await read('dst', to.key)).equals(plain)).toBe(true)
        if (from.encryption && to.encryption) expect(await filesContain(s.dirs, marker)).toBe(false)
      },
    )

    it('SSE-S3 to SSE-S3 shares the stored bytes, the object key sealed for the new name', async () => {
      await s.layer.putObject({ bucket, key: 'src', body: bodyOf(plain), encryption: { kind: 'SSE-S3' } })
      const copied = await s.layer.copyObject({
        sourceBucket: bucket,
        sourceKey: 'src',
        bucket,
        key: 'dst',
        encryption: { kind: 'SSE-S3' },
        metadata: { contentType: 'text/plain', headers: { 'x-amz-meta-new': '1' } },
      })
      expect(copied).toMatchObject({
        size: plain.length,
        etag: md5Hex(plain),
        headers: { 'x-amz-meta-new': '1' },
      })
      const stored = async (key: string) => readAll((await s.inner.getObject(bucket, key)).body)
      // Re-encrypting would give other bytes (a fresh salt): these are the source's.
      expect((await stored('dst')).equals(await stored('src'))).toBe(true)
      const src = await s.inner.headObject(bucket, 'src')
      const dst = await s.inner.headObject(bucket, 'dst')
      expect(dst.headers['x-silo-internal-sse-sealed-key']).not.toBe(
        src.headers['x-silo-internal-sse-sealed-key'],
      )
      expect((await read('dst')).equals(plain)).toBe(true)
      await s.layer.deleteObject(bucket, 'src')
      expect((await read('dst')).equals(plain)).toBe(true)
    })

    it('needs the SSE-C source key, and the right one', async () => {
      await s.layer.putObject({
        bucket,
        key: 'src',
        body: bodyOf(plain),
        encryption: { kind: 'SSE-C', ...ssecA },
      })
      const copy = (sourceCustomerKey?: CustomerKey) =>
        s.layer.copyObject({ sourceBucket: bucket, sourceKey: 'src', bucket, key: 'dst', sourceCustomerKey })
      await expectS3Error(copy(), 'InvalidRequest')
      await expectS3Error(copy(ssecB), 'AccessDenied')
      await s.layer.putObject({ bucket, key: 'plain', body: bodyOf('x') })
      await expectS3Error(
        s.layer.copyObject({
          sourceBucket: bucket,
          sourceKey: 'plain',
          bucket,
          key: 'dst',
          sourceCustomerKey: ssecA,
        }),
        'InvalidRequest',
      )
    })

    it('rotates an SSE-C key in place (a copy onto itself), with new metadata', async () => {
      await s.layer.putObject({
        bucket,
        key: 'k',
        body: bodyOf(plain),
        encryption: { kind: 'SSE-C', ...ssecA },
      })
      await s.layer.copyObject({
        sourceBucket: bucket,
        sourceKey: 'k',
        bucket,
        key: 'k',
        sourceCustomerKey: ssecA,
        encryption: { kind: 'SSE-C', ...ssecB },
        metadata: { contentType: 'text/plain', headers: { 'x-amz-meta-rotated': 'yes' } },
      })
      await expectS3Error(s.layer.getObject(bucket, 'k', undefined, { customerKey: ssecA }), 'AccessDenied')
      expect((await read('k', ssecB)).equals(plain)).toBe(true)
      expect(await s.layer.headObject(bucket, 'k', { customerKey: ssecB })).toMatchObject({
        contentType: 'text/plain',
        headers: { 'x-amz-meta-rotated': 'yes' },
      })
    })

    it('passes the visible source to the check, and the visible ETag to the condition', async () => {
      await s.layer.putObject({ bucket, key: 'src', body: bodyOf(plain), encryption: { kind: 'SSE-S3' } })
      let seen: { size: number; etag: string } | undefined
      await s.layer.copyObject({
        sourceBucket: bucket,
        sourceKey: 'src',
        bucket,
        key: 'dst',
        encryption: { kind: 'SSE-S3' },
        check: (info) => {
          seen = { size: info.size, etag: info.etag }
        },
      })
      expect(seen).toEqual({ size: plain.length, etag: createHash('md5').update(plain).digest('hex') })
      await expectS3Error(
        s.layer.copyObject({
          sourceBucket: bucket,
          sourceKey: 'src',
          bucket,
          key: 'dst',
          condition: { ifNoneMatch: '*' },
        }),
        'PreconditionFailed',
      )
      await s.layer.copyObject({
        sourceBucket: bucket,
        sourceKey: 'src',
        bucket,
        key: 'dst',
        condition: { ifMatch: md5Hex(plain) },
      })
      expect((await s.layer.headObject(bucket, 'dst')).encryption).toBeUndefined()
    })
  })
})
