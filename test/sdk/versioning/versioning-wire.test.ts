/** Wire shapes of setBucketVersioning / getBucketVersioning and the IncludeVersion listing (msw). */
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../../src/index.js'
import { MOCK_BASE, mockClient, useMockServer, xmlResponse } from '../support/msw.js'

const { server, seen } = useMockServer()
const text = async (body: Promise<Uint8Array>) => new TextDecoder().decode(await body)

describe('setBucketVersioning / getBucketVersioning', () => {
  it('PUTs ?versioning with the configuration and a Content-MD5', async () => {
    server.use(http.put(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 200 })))
    await mockClient().setBucketVersioning('photos', { Status: 'Enabled' })
    expect(seen[0]!.url.search).toBe('?versioning=')
    expect(await text(seen[0]!.body)).toBe(
      '<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Status>Enabled</Status></VersioningConfiguration>',
    )
    expect(seen[0]!.headers.get('content-md5')).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })

  it('refuses an empty configuration before any request, in both forms', async () => {
    await expect(mockClient().setBucketVersioning('photos', {})).rejects.toThrow(InvalidArgumentError)
    const err = await new Promise((resolve) => mockClient().setBucketVersioning('photos', {}, resolve))
    expect(err).toBeInstanceOf(InvalidArgumentError)
    expect(seen).toHaveLength(0)
  })

  it('reads the state, and an empty configuration as minio-js does', async () => {
    server.use(
      http.get(`${MOCK_BASE}/aaa`, () =>
        xmlResponse(
          '<VersioningConfiguration xmlns="x"><Status>Suspended</Status><MFADelete>Disabled</MFADelete></VersioningConfiguration>',
        ),
      ),
      http.get(`${MOCK_BASE}/bbb`, () => xmlResponse('<VersioningConfiguration xmlns="x"/>')),
    )
    expect(await mockClient().getBucketVersioning('aaa')).toEqual({
      Status: 'Suspended',
      MFADelete: 'Disabled',
    })
    expect(await mockClient().getBucketVersioning('bbb')).toBe('')
    expect(seen[0]!.url.search).toBe('?versioning=')
  })
})

describe('listObjects with IncludeVersion', () => {
  const page1 = `<ListVersionsResult><EncodingType>url</EncodingType><IsTruncated>true</IsTruncated>
<NextKeyMarker>a%20b</NextKeyMarker><NextVersionIdMarker>v2</NextVersionIdMarker>
<Version><Key>a%20b</Key><VersionId>v3</VersionId><IsLatest>true</IsLatest><LastModified>2026-01-01T00:00:00.000Z</LastModified><ETag>"e3"</ETag><Size>12</Size></Version>
<DeleteMarker><Key>a%20b</Key><VersionId>v4</VersionId><IsLatest>false</IsLatest><LastModified>2026-01-02T00:00:00.000Z</LastModified></DeleteMarker>
</ListVersionsResult>`
  const page2 = `<ListVersionsResult><IsTruncated>false</IsTruncated>
<Version><Key>c</Key><VersionId>null</VersionId><IsLatest>true</IsLatest><LastModified>2026-01-03T00:00:00.000Z</LastModified><ETag>"e1"</ETag><Size>0</Size></Version>
<CommonPrefixes><Prefix>d/</Prefix></CommonPrefixes>
</ListVersionsResult>`

  it('sends ?versions, follows the key and version markers, and reads items as minio-js', async () => {
    server.use(
      http.get(`${MOCK_BASE}/photos`, ({ request }) =>
        xmlResponse(new URL(request.url).searchParams.has('key-marker') ? page2 : page1),
      ),
    )
    const items = []
    for await (const item of mockClient().listObjects('photos', '', false, { IncludeVersion: true }))
      items.push(item)
    expect(items).toEqual([
      {
        name: 'a b',
        lastModified: new Date('2026-01-01T00:00:00.000Z'),
        etag: 'e3',
        size: 12,
        versionId: 'v3',
        isLatest: true,
        isDeleteMarker: false,
      },
      {
        name: 'a b',
        lastModified: new Date('2026-01-02T00:00:00.000Z'),
        etag: '',
        size: undefined,
        versionId: 'v4',
        isLatest: false,
        isDeleteMarker: true,
      },
      {
        name: 'c',
        lastModified: new Date('2026-01-03T00:00:00.000Z'),
        etag: 'e1',
        size: 0,
        versionId: 'null',
        isLatest: true,
        isDeleteMarker: false,
      },
      { prefix: 'd/', size: 0 },
    ])
    expect(seen[0]!.url.searchParams.has('versions')).toBe(true)
    expect(seen[0]!.url.searchParams.get('delimiter')).toBe('/')
    expect(seen[1]!.url.searchParams.get('key-marker')).toBe('a b')
    expect(seen[1]!.url.searchParams.get('version-id-marker')).toBe('v2')
  })
})
