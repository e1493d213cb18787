/**
 * listObjectsQuery with `IncludeVersion` on the wire (a Silo server refuses ListObjectVersions
 * until versioning lands, so a recording server answers): the Silo SDK and minio-js ask for the
 * same page and read the same answer into the same result.
 */
import { describe, expect, it } from 'vitest'
import { normalise, outcome } from './helpers.js'
import { useRecorder } from './recorder.js'

const rec = useRecorder()

type Query = { listObjectsQuery(b: string, p: string, m: string, o: object): Promise<unknown> }

const VERSIONS =
  '<?xml version="1.0" encoding="UTF-8"?><ListVersionsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
  '<Name>photos</Name><Prefix></Prefix><KeyMarker></KeyMarker><VersionIdMarker></VersionIdMarker>' +
  '<NextKeyMarker>b%20c.jpg</NextKeyMarker><NextVersionIdMarker>v2</NextVersionIdMarker>' +
  '<MaxKeys>3</MaxKeys><Delimiter>/</Delimiter><EncodingType>url</EncodingType><IsTruncated>true</IsTruncated>' +
  '<Version><Key>a.jpg</Key><VersionId>v1</VersionId><IsLatest>true</IsLatest>' +
  '<LastModified>2026-01-02T03:04:05.000Z</LastModified><ETag>"e1"</ETag><Size>10</Size></Version>' +
  '<DeleteMarker><Key>b%20c.jpg</Key><VersionId>v2</VersionId><IsLatest>false</IsLatest>' +
  '<LastModified>2026-01-02T03:04:06.000Z</LastModified></DeleteMarker>' +
  '<CommonPrefixes><Prefix>dir/</Prefix></CommonPrefixes>' +
  '</ListVersionsResult>'

describe('listObjectsQuery with IncludeVersion', () => {
  it('asks for the same page and reads the same versions, delete markers and markers', async () => {
    rec.answer = { status: 200, body: VERSIONS }
    const { siloAsMinio, minio } = rec.clients()
    const opts = {
      Delimiter: '/',
      MaxKeys: 3,
      IncludeVersion: true,
      keyMarker: 'a.jpg',
      versionIdMarker: 'v0',
    }
    const ours = await outcome(() =>
      (siloAsMinio as unknown as Query).listObjectsQuery('photos', '', '', opts),
    )
    const theirs = await outcome(() => (minio as unknown as Query).listObjectsQuery('photos', '', '', opts))
    expect(ours.ok).toBe(true)
    // minio-js hands back NextKeyMarker still URL-encoded ('b%20c.jpg'); Silo's is the key.
    const sansKeyMarker = (o: unknown) => {
      const n = normalise(o) as { value: Record<string, unknown> }
      return { ...n, value: { ...n.value, keyMarker: '-' } }
    }
    expect(sansKeyMarker(ours)).toEqual(sansKeyMarker(theirs))
    expect(ours).toMatchObject({
      value: {
        isTruncated: true,
        keyMarker: 'b c.jpg',
        versionIdMarker: 'v2',
        objects: [
          { name: 'a.jpg', versionId: 'v1', isLatest: true, isDeleteMarker: false, size: 10, etag: 'e1' },
          { name: 'b c.jpg', versionId: 'v2', isLatest: false, isDeleteMarker: true },
          { prefix: 'dir/', size: 0 },
        ],
      },
    })
    const [a, b] = rec.seen.map((r) => Object.fromEntries(r.url.searchParams))
    expect(a).toEqual(b)
    expect(a).toMatchObject({
      versions: '',
      'key-marker': 'a.jpg',
      'version-id-marker': 'v0',
      'max-keys': '3',
    })
  })
})
