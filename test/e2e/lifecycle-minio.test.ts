import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../property/helpers/servers.js'
import { ROOT, type TestServer } from '../server/helpers/test-server.js'

const BUCKET = 'ilm-minio'

/** minio-js's lifecycle calls against Silo, unchanged (issue 14). */
describe.each(BACKENDS)('lifecycle through minio-js (%s)', (_name, start) => {
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

  it('setBucketLifecycle, getBucketLifecycle, removeBucketLifecycle', async () => {
    await minio.setBucketLifecycle(BUCKET, {
      Rule: [
        { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } },
        {
          ID: 'old',
          Status: 'Enabled',
          Filter: { Prefix: '' },
          NoncurrentVersionExpiration: { NoncurrentDays: 7 },
        },
      ],
    } as unknown as Minio.LifecycleConfig)
    const got = (await minio.getBucketLifecycle(BUCKET)) as unknown as {
      Rule: Array<Record<string, unknown>>
    }
    expect(got.Rule.map((r) => r.ID)).toEqual(['logs', 'old'])
    expect(got.Rule[0]).toMatchObject({
      Status: 'Enabled',
      Filter: { Prefix: 'logs/' },
      Expiration: { Days: 30 },
    })
    await minio.removeBucketLifecycle(BUCKET)
    expect(
      await minio.getBucketLifecycle(BUCKET).then(
        () => 'found',
        (e: { code?: string }) => e.code,
      ),
    ).toBe('NoSuchLifecycleConfiguration')
  })
})
