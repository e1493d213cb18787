import type { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEncryptingLayer } from '../../../../src/server/storage/encryption/encrypting-layer.js'
import { PACKAGE_SIZE } from '../../../../src/server/storage/encryption/package-format.js'
import { bodyOf, expectS3Error, md5Base64, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import {
  ENCRYPTED_BACKENDS,
  type EncryptedStorage,
  filesContain,
  MASTER_KEY,
  newCustomerKey,
} from './harness.js'

const bucket = 'vault'
const marker = Buffer.from('SILO-PLAINTEXT-MARKER-0123456789')

/** A body with the marker repeated, so its plaintext is easy to find on disk. */
function markedBody(size: number): Buffer {
  const out = patternBytes(size)
  for (let at = 0; at + marker.length <= size; at += 4096) marker.copy(out, at)
  return out
}

describe.each(ENCRYPTED_BACKENDS)('encrypting layer over %s', (_name, open) => {
  let s: EncryptedStorage
  beforeEach(async () => {
    s = await open()
    await s.layer.createBucket(bucket, '')
  })
  afterEach(() => s.cleanup())

  async function get(
    key: string,
    options?: Parameters<EncryptedStorage['layer']['getObject']>[3],
    range?: { start: number; end: number },
  ) {
    const { body, info } = await s.layer.getObject(bucket, key, range, options)
    return { info, bytes: await readAll(body) }
  }

  it('round-trips SSE-S3 and SSE-C objects; the bytes on disk are not the plaintext', async () => {
    const plain = markedBody(300 * 1024 + 7)
    const small = markedBody(200)
    const ssec = newCustomerKey()
    await s.layer.putObject({
      bucket,
      key: 's3',
      body: bodyOf(plain),
      size: plain.length,
      encryption: { kind: 'SSE-S3' },
    })
    await s.layer.putObject({ bucket, key: 's3-small', body: bodyOf(small), encryption: { kind: 'SSE-S3' } })
    await s.layer.putObject({ bucket, key: 'c', body: bodyOf(plain), encryption: { kind: 'SSE-C', ...ssec } })
    expect((await get('s3')).bytes.equals(plain)).toBe(true)
    expect((await get('s3-small')).bytes.equals(small)).toBe(true)
    expect((await get('c', { customerKey: ssec })).bytes.equals(plain)).toBe(true)
    expect(await filesContain(s.dirs, marker)).toBe(false)
    // The check itself finds a plaintext object.
    await s.layer.putObject({ bucket, key: 'plain', body: bodyOf(small) })
    expect(await filesContain(s.dirs, marker)).toBe(true)
  })

  it('reports plaintext size, S3 ETags and the encryption, never its internal headers', async () => {
    const plain = markedBody(100_000)
    const ssec = newCustomerKey()
    const s3 = await s.layer.putObject({
      bucket,
      key: 'a',
      body: bodyOf(plain),
      headers: { 'x-amz-meta-color': 'blue' },
      encryption: { kind: 'SSE-S3' },
    })
    const c = await s.layer.putObject({
      bucket,
      key: 'b',
      body: bodyOf(plain),
      encryption: { kind: 'SSE-C', ...ssec },
    })
    expect(s3).toMatchObject({ size: plain.length, etag: md5Hex(plain), encryption: { kind: 'SSE-S3' } })
    expect(s3.headers).toEqual({ 'x-amz-meta-color': 'blue' })
    expect(c.size).toBe(plain.length)
    expect(c.etag).not.toBe(md5Hex(plain))
    expect(c.encryption).toEqual({ kind: 'SSE-C', keyMd5: ssec.keyMd5 })
    const head = await s.layer.headObject(bucket, 'a', {})
    expect(head).toMatchObject({
      size: plain.length,
      etag: md5Hex(plain),
      headers: { 'x-amz-meta-color': 'blue' },
    })
    expect(Object.keys(head.headers)).toEqual(['x-amz-meta-color'])
    expect(await s.layer.headObject(bucket, 'b', { customerKey: ssec })).toMatchObject({
      size: plain.length,
      etag: c.etag,
    })
    const listed = await s.layer.listObjects({ bucket })
    expect(listed.objects.map((o) => [o.key, o.size, o.etag, o.encryption?.kind])).toEqual([
      ['a', plain.length, md5Hex(plain), 'SSE-S3'],
      ['b', plain.length, c.etag, 'SSE-C'],
    ])
    for (const o of listed.objects) expect(JSON.stringify(o.headers)).not.toContain('x-silo-internal')
  })

  it('applies S3 rules to SSE-C keys on reads', async () => {
    const ssec = newCustomerKey()
    await s.layer.putObject({
      bucket,
      key: 'c',
      body: bodyOf('secret'),
      encryption: { kind: 'SSE-C', ...ssec },
    })
    await s.layer.putObject({ bucket, key: 'p', body: bodyOf('open') })
    await s.layer.putObject({ bucket, key: 's3', body: bodyOf('kms'), encryption: { kind: 'SSE-S3' } })
    await expectS3Error(s.layer.getObject(bucket, 'c'), 'InvalidRequest')
    await expectS3Error(s.layer.headObject(bucket, 'c', {}), 'InvalidRequest')
    await expectS3Error(
      s.layer.getObject(bucket, 'c', undefined, { customerKey: newCustomerKey() }),
      'AccessDenied',
    )
    await expectS3Error(s.layer.headObject(bucket, 'c', { customerKey: newCustomerKey() }), 'AccessDenied')
    await expectS3Error(s.layer.getObject(bucket, 'p', undefined, { customerKey: ssec }), 'InvalidRequest')
    await expectS3Error(s.layer.getObject(bucket, 's3', undefined, { customerKey: ssec }), 'InvalidRequest')
    // A metadata lookup (no options: authorization, ACLs) needs no key.
    expect((await s.layer.headObject(bucket, 'c')).encryption?.kind).toBe('SSE-C')
  })

  it('checks Content-MD5 and the declared size against the plaintext, storing nothing on a mismatch', async () => {
    const plain = markedBody(150_000)
    const put = (key: string, extra: object) =>
      s.layer.putObject({ bucket, key, body: bodyOf(plain), encryption: { kind: 'SSE-S3' }, ...extra })
    await put('ok', { contentMd5: md5Base64(plain), size: plain.length })
    await expectS3Error(put('bad-md5', { contentMd5: md5Base64('other') }), 'BadDigest')
    await expectS3Error(put('short', { size: plain.length + 1 }), 'IncompleteBody')
    await expectS3Error(put('long', { size: plain.length - 1 }), 'IncompleteBody')
    await expectS3Error(put('malformed', { contentMd5: 'nope' }), 'InvalidDigest')
    expect((await s.layer.listObjects({ bucket })).objects.map((o) => o.key)).toEqual(['ok'])
  })

  it('compares conditional writes with the ETag clients see', async () => {
    const first = await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf('one'),
      encryption: { kind: 'SSE-S3' },
    })
    expect(first.etag).toBe(md5Hex('one'))
    await expectS3Error(
      s.layer.putObject({
        bucket,
        key: 'k',
        body: bodyOf('x'),
        condition: { ifNoneMatch: '*' },
        encryption: { kind: 'SSE-S3' },
      }),
      'PreconditionFailed',
    )
    await expectS3Error(
      s.layer.putObject({ bucket, key: 'k', body: bodyOf('x'), condition: { ifMatch: '"0123"' } }),
      'PreconditionFailed',
    )
    await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf('two'),
      condition: { ifMatch: `"${first.etag}"` },
      encryption: { kind: 'SSE-S3' },
    })
    expect((await get('k')).bytes.toString()).toBe('two')
    await expectS3Error(
      s.layer.putObject({ bucket, key: 'missing', body: bodyOf('x'), condition: { ifMatch: '*' } }),
      'NoSuchKey',
    )
  })

  it('refuses SSE-S3 without a master key, naming it', async () => {
    const layer = createEncryptingLayer(s.inner, {})
    const error = await layer
      .putObject({ bucket, key: 'k', body: bodyOf('x'), encryption: { kind: 'SSE-S3' } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'KMSNotConfigured', status: 501 })
    expect((error as Error).message).toMatch(/SILO_KMS_SECRET_KEY/)
    expect((await layer.listObjects({ bucket })).objects).toEqual([])
    // An SSE-C write needs no master key.
    const ssec = newCustomerKey()
    await layer.putObject({ bucket, key: 'c', body: bodyOf('x'), encryption: { kind: 'SSE-C', ...ssec } })
  })

  it('reads only the stored packages a range covers (and the salt)', async () => {
    const plain = markedBody(10 * PACKAGE_SIZE)
    await s.layer.putObject({ bucket, key: 'k', body: bodyOf(plain), encryption: { kind: 'SSE-S3' } })
    const asked: Array<{ start: number; end: number } | undefined> = []
    const spy = new Proxy(s.inner, {
      get(target, name) {
        if (name === 'getObject') {
          return (...args: Parameters<typeof target.getObject>) => {
            asked.push(args[2])
            return target.getObject(...args)
          }
        }
        const value = Reflect.get(target, name)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const layer = createEncryptingLayer(spy, { masterKey: MASTER_KEY })
    const range = { start: 5 * PACKAGE_SIZE + 10, end: 5 * PACKAGE_SIZE + 20 }
    const { body } = await layer.getObject(bucket, 'k', range)
    expect((await readAll(body)).equals(plain.subarray(range.start, range.end + 1))).toBe(true)
    // Nothing else is opened: the metadata comes from headObject.
    expect(asked).toEqual([
      { start: 0, end: 31 },
      { start: 32 + 5 * (PACKAGE_SIZE + 16), end: 32 + 6 * (PACKAGE_SIZE + 16) - 1 },
    ])
  })

  it('closes the stored read when a decrypting body is destroyed before it is read', async () => {
    await s.layer.putObject({
      bucket,
      key: 'k',
      body: bodyOf(markedBody(300_000)),
      encryption: { kind: 'SSE-S3' },
    })
    const opened: Readable[] = []
    const spy = new Proxy(s.inner, {
      get(target, name) {
        if (name === 'getObject') {
          return async (...args: Parameters<typeof target.getObject>) => {
            const result = await target.getObject(...args)
            if (!result.data) opened.push(result.body)
            return result
          }
        }
        const value = Reflect.get(target, name)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const layer = createEncryptingLayer(spy, { masterKey: MASTER_KEY })
    for (const range of [undefined, { start: 200_000, end: 200_010 }]) {
      const { body } = await layer.getObject(bucket, 'k', range)
      body.destroy()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(opened.length).toBeGreaterThan(0)
    expect(opened.map((b) => b.destroyed)).toEqual(opened.map(() => true))
  })

  it('refuses writes that carry the reserved internal header prefix', async () => {
    await expectS3Error(
      s.layer.putObject({
        bucket,
        key: 'k',
        body: bodyOf('x'),
        headers: { 'x-silo-internal-sse-kind': 'SSE-S3' },
      }),
      'InvalidArgument',
    )
  })

  it('fails a read of altered or truncated stored data instead of returning wrong bytes', async () => {
    const plain = markedBody(3 * PACKAGE_SIZE + 100)
    await s.layer.putObject({ bucket, key: 'k', body: bodyOf(plain), encryption: { kind: 'SSE-S3' } })
    // Rewrite the stored object through the backend with the same internal headers.
    const raw = await s.inner.getObject(bucket, 'k')
    const stored = await readAll(raw.body)
    const rewrite = (bytes: Buffer) =>
      s.inner.putObject({
        bucket,
        key: 'k',
        body: bodyOf(bytes),
        contentType: raw.info.contentType,
        headers: raw.info.headers,
      })
    const altered = Buffer.from(stored)
    altered[PACKAGE_SIZE + 200]! ^= 0x10
    await rewrite(altered)
    await expect(get('k')).rejects.toThrow(/does not authenticate/)
    await rewrite(stored.subarray(0, 32 + 2 * (PACKAGE_SIZE + 16)))
    await expect(get('k')).rejects.toThrow(/does not authenticate/)
    // The same data under another name does not decrypt: the sealed key is bound to the name.
    await s.inner.putObject({ bucket, key: 'moved', body: bodyOf(stored), headers: raw.info.headers })
    await expect(get('moved')).rejects.toThrow(/does not authenticate/)
  })
})
