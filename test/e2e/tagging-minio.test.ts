/**
 * Tagging through minio-js (`minio` on npm), unchanged, against Silo on both backends (issue 14):
 * its wire forms (Content-MD5 on the Tagging documents, its XML of an empty set, versionId
 * options, CopyDestinationOptions' tagging headers) meet the server's.
 */
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../property/helpers/servers.js'
import { ROOT, type TestServer } from '../server/helpers/test-server.js'

const BUCKET = 'minio-tags'

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    return (e as { code?: string }).code ?? String(e)
  }
}

describe.each(BACKENDS)('tagging through minio-js (%s)', (_name, start) => {
  let server: TestServer
  let minio: Minio.Client
  beforeAll(async () => {
    server = await start()
    minio = new Minio.Client({
      endPoint: '127.0.0.1',
      port: server.port,
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    })
    await minio.makeBucket(BUCKET)
  })
  afterAll(() => server.stop())

  it('object tags: set, get, remove; limits answered with S3 codes', async () => {
    await minio.putObject(BUCKET, 'photo', Buffer.from('jpeg'))
    await minio.setObjectTagging(BUCKET, 'photo', { visibility: 'public', 'team x': 'a+b' })
    expect(await minio.getObjectTagging(BUCKET, 'photo')).toEqual([
      { Key: 'visibility', Value: 'public' },
      { Key: 'team x', Value: 'a+b' },
    ])
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']))
    // minio-js checks the count itself before sending (10 at most), as S3 would refuse it.
    expect(await codeOf(minio.setObjectTagging(BUCKET, 'photo', eleven))).not.toBe('ok')
    expect(await codeOf(minio.setObjectTagging(BUCKET, 'photo', { 'aws:x': '1' }))).toBe('InvalidTag')
    // minio-js's types ask for a versionId; at run time the options may be empty.
    await minio.removeObjectTagging(BUCKET, 'photo', {} as { versionId: string })
    expect(await minio.getObjectTagging(BUCKET, 'photo')).toEqual([])
  })

  it('a copy with CopyDestinationOptions UserTags replaces the tags', async () => {
    await minio.putObject(BUCKET, 'src', Buffer.from('s'))
    await minio.setObjectTagging(BUCKET, 'src', { from: 'source' })
    await minio.copyObject(
      new Minio.CopySourceOptions({ Bucket: BUCKET, Object: 'src' }),
      new Minio.CopyDestinationOptions({ Bucket: BUCKET, Object: 'dst', UserTags: { to: 'copy' } }),
    )
    expect(await minio.getObjectTagging(BUCKET, 'dst')).toEqual([{ Key: 'to', Value: 'copy' }])
    await minio.copyObject(
      new Minio.CopySourceOptions({ Bucket: BUCKET, Object: 'src' }),
      new Minio.CopyDestinationOptions({ Bucket: BUCKET, Object: 'dst2' }),
    )
    expect(await minio.getObjectTagging(BUCKET, 'dst2')).toEqual([{ Key: 'from', Value: 'source' }])
  })

  it('bucket tags: set, get, remove', async () => {
    expect(await codeOf(minio.getBucketTagging(BUCKET))).toBe('NoSuchTagSet')
    await minio.setBucketTagging(BUCKET, { team: 'media', cost: 'c1' })
    expect(await minio.getBucketTagging(BUCKET)).toEqual([
      { Key: 'team', Value: 'media' },
      { Key: 'cost', Value: 'c1' },
    ])
    await minio.removeBucketTagging(BUCKET)
    expect(await codeOf(minio.getBucketTagging(BUCKET))).toBe('NoSuchTagSet')
  })

  it('versioned: tags of one version with { versionId }', async () => {
    await minio.setBucketVersioning(BUCKET, { Status: 'Enabled' })
    const v1 = await minio.putObject(BUCKET, 'ver', Buffer.from('1'))
    await minio.putObject(BUCKET, 'ver', Buffer.from('2'))
    const versionId = v1.versionId as string
    await minio.setObjectTagging(BUCKET, 'ver', { v: 'one' }, { versionId })
    expect(await minio.getObjectTagging(BUCKET, 'ver', { versionId })).toEqual([{ Key: 'v', Value: 'one' }])
    expect(await minio.getObjectTagging(BUCKET, 'ver')).toEqual([])
    await minio.removeObjectTagging(BUCKET, 'ver', { versionId })
    expect(await minio.getObjectTagging(BUCKET, 'ver', { versionId })).toEqual([])
  })
})
