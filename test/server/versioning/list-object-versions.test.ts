import {
  DeleteObjectCommand,
  ListObjectVersionsCommand,
  type ListObjectVersionsCommandOutput,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'listversions'

/** One listed entry: key, version, latest, and 'M' for a delete marker. */
type Entry = string

function entriesOf(page: ListObjectVersionsCommandOutput, order: Map<string, string>): Entry[] {
  // The AWS SDK splits Version and DeleteMarker elements; the XML interleaves them, and the
  // listing order is restored from the raw answer's order (checked separately below).
  const all = [
    ...(page.Versions ?? []).map((v) => ({ key: v.Key, id: v.VersionId, latest: v.IsLatest, marker: false })),
    ...(page.DeleteMarkers ?? []).map((m) => ({
      key: m.Key,
      id: m.VersionId,
      latest: m.IsLatest,
      marker: true,
    })),
  ]
  return all
    .map((e) => `${e.key}:${order.get(e.id as string) ?? e.id}${e.latest ? '*' : ''}${e.marker ? 'M' : ''}`)
    .sort((a, b) => rank(a, order) - rank(b, order))
}

function rank(entry: Entry, order: Map<string, string>): number {
  return [...order.values()].indexOf(entry.split(':')[1]!.replace(/[*M]/g, ''))
}

/** ListObjectVersions (issue 14): S3's order, markers, paging across key and version boundaries. */
describe.each(BACKENDS)('ListObjectVersions (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  // Version ID → a readable name (a1 = first version of a...), in the listing's expected order.
  const names = new Map<string, string>()
  const expected = ['a:a3*', 'a:a2', 'a:a1', 'b/x:bm*M', 'b/x:b1', 'b/y:y1*', 'c:c1*']

  beforeAll(async () => {
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: BUCKET, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const put = async (key: string, name: string) => {
      const { VersionId } = await backend.client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: name }),
      )
      names.set(VersionId as string, name)
    }
    await put('a', 'a1')
    await put('a', 'a2')
    await put('a', 'a3')
    await put('b/x', 'b1')
    const marker = await backend.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'b/x' }))
    names.set(marker.VersionId as string, 'bm')
    await put('b/y', 'y1')
    await put('c', 'c1')
    // Map iteration order must be the listing order for rank(): rebuild it so.
    const byName = new Map([...names].map(([id, name]) => [name, id]))
    names.clear()
    for (const name of ['a3', 'a2', 'a1', 'bm', 'b1', 'y1', 'c1']) names.set(byName.get(name) as string, name)
  })

  it('lists every version newest first per key, delete markers interleaved, IsLatest on the newest', async () => {
    const page = await backend.client.send(new ListObjectVersionsCommand({ Bucket: BUCKET }))
    expect(entriesOf(page, names)).toEqual(expected)
    expect(page.IsTruncated).toBe(false)
    const raw = await s3(backend.server.url, 'GET', `/${BUCKET}?versions`)
    // The XML interleaves Version and DeleteMarker in listing order.
    const order = [...raw.text.matchAll(/<(Version|DeleteMarker)><Key>([^<]*)<\/Key><VersionId>(\w+)</g)].map(
      (m) => names.get(m[3] as string),
    )
    expect(order).toEqual(['a3', 'a2', 'a1', 'bm', 'b1', 'y1', 'c1'])
    expect(raw.text).toContain('<Owner><ID>')
    expect(raw.text).toContain('<StorageClass>STANDARD</StorageClass>')
  })

  it.each([1, 2, 3, 5])('pages with max-keys=%i across key and version boundaries', async (maxKeys) => {
    const seen: Entry[] = []
    let keyMarker: string | undefined
    let versionIdMarker: string | undefined
    for (let round = 0; round < 20; round++) {
      const page = await backend.client.send(
        new ListObjectVersionsCommand({
          Bucket: BUCKET,
          MaxKeys: maxKeys,
          KeyMarker: keyMarker,
          VersionIdMarker: versionIdMarker,
        }),
      )
      const entries = entriesOf(page, names)
      expect(entries.length).toBeLessThanOrEqual(maxKeys)
      seen.push(...entries)
      if (!page.IsTruncated) break
      keyMarker = page.NextKeyMarker
      versionIdMarker = page.NextVersionIdMarker
    }
    expect(seen).toEqual(expected)
  })

  it('groups by delimiter into CommonPrefixes and filters by prefix', async () => {
    const page = await backend.client.send(new ListObjectVersionsCommand({ Bucket: BUCKET, Delimiter: '/' }))
    expect(page.CommonPrefixes).toEqual([{ Prefix: 'b/' }])
    expect(entriesOf(page, names)).toEqual(['a:a3*', 'a:a2', 'a:a1', 'c:c1*'])
    const under = await backend.client.send(new ListObjectVersionsCommand({ Bucket: BUCKET, Prefix: 'b/' }))
    expect(entriesOf(under, names)).toEqual(['b/x:bm*M', 'b/x:b1', 'b/y:y1*'])
  })

  it('refuses a version-id-marker without a key-marker, and a malformed one', async () => {
    const alone = await s3(backend.server.url, 'GET', `/${BUCKET}?versions&version-id-marker=null`)
    expect(alone.status).toBe(400)
    expect(alone.text).toContain('<Code>InvalidArgument</Code>')
    const bad = await s3(backend.server.url, 'GET', `/${BUCKET}?versions&key-marker=a&version-id-marker=xyz`)
    expect(bad.status).toBe(400)
  })

  it('lists the objects of a never-versioned bucket as their null versions', async () => {
    const bucket = `${BUCKET}-plain`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k%1', Body: 'x' }))
    const page = await backend.client.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    expect(page.Versions?.map((v) => [v.Key, v.VersionId, v.IsLatest])).toEqual([['k%1', 'null', true]])
    const encoded = await s3(backend.server.url, 'GET', `/${bucket}?versions&encoding-type=url`)
    expect(encoded.text).toContain('<Key>k%251</Key>')
    expect(encoded.text).toContain('<EncodingType>url</EncodingType>')
  })
})
