import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FACES, type S3Face } from './helpers/clients.js'
import { type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex')

async function codeOfRejection(face: S3Face, p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p
  } catch (e) {
    return face.codeOf(e)
  }
  throw new Error('expected the call to fail')
}

describe.each(FACES)('bucket and object flow through %o', (makeFace) => {
  let face: S3Face
  let bucket: string
  beforeAll(() => {
    face = makeFace(server)
    bucket = `flow-${face.name}-${randomBytes(3).toString('hex')}`
  })

  it('creates a bucket that then exists and is listed', async () => {
    expect(await face.bucketExists(bucket)).toBe(false)
    await face.makeBucket(bucket)
    expect(await face.bucketExists(bucket)).toBe(true)
    expect(await face.listBuckets()).toContain(bucket)
  })

  it('refuses to create the same bucket twice', async () => {
    expect(await codeOfRejection(face, face.makeBucket(bucket))).toMatch(
      /BucketAlreadyOwnedByYou|BucketAlreadyExists/,
    )
  })

  it('stores a buffer with metadata and returns it byte for byte', async () => {
    const body = randomBytes(64 * 1024 + 7)
    const etag = await face.putObject(bucket, 'dir/a.bin', body, {
      'Content-Type': 'application/x-test',
      'X-Amz-Meta-Colour': 'blue',
    })
    expect(etag).toBe(md5(body))
    const stat = await face.statObject(bucket, 'dir/a.bin')
    expect(stat.size).toBe(body.length)
    expect(stat.etag).toBe(md5(body))
    expect(stat.meta['content-type']).toBe('application/x-test')
    expect(stat.meta.colour).toBe('blue')
    expect(md5(await face.getObject(bucket, 'dir/a.bin'))).toBe(md5(body))
  })

  it('stores a stream body and an empty object', async () => {
    const body = randomBytes(300 * 1024)
    const chunks = [body.subarray(0, 100_000), body.subarray(100_000)]
    const etag = await face.putObject(bucket, 'streamed', Readable.from(chunks), {}, body.length)
    expect(etag).toBe(md5(body))
    expect((await face.getObject(bucket, 'streamed')).equals(body)).toBe(true)
    await face.putObject(bucket, 'empty', Buffer.alloc(0))
    expect((await face.getObject(bucket, 'empty')).length).toBe(0)
  })

  it('keeps `a` and `a/b` side by side, and odd keys', async () => {
    for (const key of ['a', 'a/b', 'x/../y', 'sp ace+plus%pct', 'ünïcødé/日本語']) {
      await face.putObject(bucket, key, Buffer.from(key))
    }
    for (const key of ['a', 'a/b', 'x/../y', 'sp ace+plus%pct', 'ünïcødé/日本語']) {
      expect((await face.getObject(bucket, key)).toString()).toBe(key)
    }
  })

  it('overwrites: the last write wins', async () => {
    await face.putObject(bucket, 'over', Buffer.from('first'))
    await face.putObject(bucket, 'over', Buffer.from('second'))
    expect((await face.getObject(bucket, 'over')).toString()).toBe('second')
  })

  it('reports a missing key as NoSuchKey', async () => {
    expect(await codeOfRejection(face, face.getObject(bucket, 'no/such/key'))).toBe('NoSuchKey')
  })

  it('will not delete a bucket that still holds objects', async () => {
    expect(await codeOfRejection(face, face.removeBucket(bucket))).toBe('BucketNotEmpty')
    expect(await face.bucketExists(bucket)).toBe(true)
  })

  it('removes objects, then the bucket', async () => {
    for (const key of [
      'dir/a.bin',
      'streamed',
      'empty',
      'a',
      'a/b',
      'x/../y',
      'sp ace+plus%pct',
      'ünïcødé/日本語',
      'over',
    ]) {
      await face.removeObject(bucket, key)
    }
    await face.removeObject(bucket, 'never-existed')
    await face.removeBucket(bucket)
    expect(await face.bucketExists(bucket)).toBe(false)
    expect(await face.listBuckets()).not.toContain(bucket)
  })
})

describe('objects written by one client read back by the others', () => {
  it('round-trips across all three clients', async () => {
    const faces = FACES.map((f) => f(server))
    const bucket = `cross-${randomBytes(3).toString('hex')}`
    await faces[0]!.makeBucket(bucket)
    for (const writer of faces) {
      const body = randomBytes(10_000)
      await writer.putObject(bucket, `by-${writer.name}`, body, { 'X-Amz-Meta-Writer': writer.name })
      for (const reader of faces) {
        expect((await reader.getObject(bucket, `by-${writer.name}`)).equals(body)).toBe(true)
        expect((await reader.statObject(bucket, `by-${writer.name}`)).meta.writer).toBe(writer.name)
      }
      await writer.removeObject(bucket, `by-${writer.name}`)
    }
    await faces[2]!.removeBucket(bucket)
  })
})
