/** Wire shapes of setBucketLifecycle / getBucketLifecycle / removeBucketLifecycle (msw). */
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { MOCK_BASE, mockClient, useMockServer, xmlResponse } from '../support/msw.js'

const { server, seen } = useMockServer()
const text = async (body: Promise<Uint8Array>) => new TextDecoder().decode(await body)

describe('bucket lifecycle methods', () => {
  it('PUTs ?lifecycle with the rules as elements and a Content-MD5', async () => {
    server.use(http.put(`${MOCK_BASE}/logs`, () => new HttpResponse(null, { status: 200 })))
    await mockClient().setBucketLifecycle('logs', {
      Rule: [
        {
          ID: 'a&b',
          Status: 'Enabled',
          Filter: { And: { Prefix: 'logs/', Tag: [{ Key: 'k', Value: 'v' }] } },
          Expiration: { Days: 30 },
        },
        {
          ID: 'nc',
          Status: 'Disabled',
          Filter: { Prefix: '' },
          NoncurrentVersionExpiration: { NoncurrentDays: 2 },
        },
      ],
    })
    expect(seen[0]!.url.search).toBe('?lifecycle=')
    expect(seen[0]!.headers.get('content-md5')).toMatch(/==$/)
    expect(await text(seen[0]!.body)).toBe(
      '<LifecycleConfiguration><Rule><ID>a&#38;b</ID><Status>Enabled</Status><Filter><And><Prefix>logs/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag></And></Filter><Expiration><Days>30</Days></Expiration></Rule>' +
        '<Rule><ID>nc</ID><Status>Disabled</Status><Filter><Prefix></Prefix></Filter><NoncurrentVersionExpiration><NoncurrentDays>2</NoncurrentDays></NoncurrentVersionExpiration></Rule></LifecycleConfiguration>',
    )
  })

  it("null, '' and {} remove the configuration (DELETE ?lifecycle), as in minio-js", async () => {
    server.use(http.delete(`${MOCK_BASE}/logs`, () => new HttpResponse(null, { status: 204 })))
    await mockClient().setBucketLifecycle('logs', null)
    await mockClient().setBucketLifecycle('logs', '')
    await mockClient().setBucketLifecycle('logs', {} as never)
    await mockClient().removeBucketLifecycle('logs')
    expect(seen.map((r) => `${r.method} ${r.url.search}`)).toEqual(Array(4).fill('DELETE ?lifecycle='))
  })

  it('reads the configuration as minio-js: numbers typed, one rule an object', async () => {
    server.use(
      http.get(`${MOCK_BASE}/logs`, () =>
        xmlResponse(
          '<LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Rule><ID>r</ID><Status>Enabled</Status><Filter><Prefix>logs/</Prefix></Filter><Expiration><Days>30</Days></Expiration></Rule></LifecycleConfiguration>',
        ),
      ),
    )
    const got = await new Promise((resolve, reject) =>
      mockClient().getBucketLifecycle('logs', (err, config) => (err ? reject(err) : resolve(config))),
    )
    expect(got).toEqual({
      Rule: { ID: 'r', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } },
    })
  })
})
