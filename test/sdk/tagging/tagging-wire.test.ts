/** Wire shapes of the bucket and object tagging methods (msw). */
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, InvalidObjectNameError } from '../../../src/index.js'
import { MOCK_BASE, mockClient, useMockServer, xmlResponse } from '../support/msw.js'

const { server, seen } = useMockServer()
const text = async (body: Promise<Uint8Array>) => new TextDecoder().decode(await body)
const ok = () => new HttpResponse(null, { status: 200 })

describe('tagging methods', () => {
  it('PUTs ?tagging (and versionId) with the tag set, escaped, and a Content-MD5', async () => {
    server.use(http.put(`${MOCK_BASE}/photos/a.jpg`, ok), http.put(`${MOCK_BASE}/photos`, ok))
    await mockClient().setObjectTagging('photos', 'a.jpg', { 'a&b': '<1>', k: 'v' }, { versionId: 'v1' })
    expect(seen[0]!.url.searchParams.get('versionId')).toBe('v1')
    expect(seen[0]!.url.searchParams.has('tagging')).toBe(true)
    expect(await text(seen[0]!.body)).toBe(
      '<Tagging><TagSet><Tag><Key>a&#38;b</Key><Value>&#60;1&#62;</Value></Tag><Tag><Key>k</Key><Value>v</Value></Tag></TagSet></Tagging>',
    )
    expect(seen[0]!.headers.get('content-md5')).toMatch(/==$/)
    await mockClient().setBucketTagging('photos', { team: 'web' })
    expect(seen[1]!.url.pathname).toBe('/photos')
    expect(seen[1]!.url.search).toBe('?tagging=')
  })

  it('checks the limits (10 object tags, 50 bucket tags) and arguments before any request', async () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']))
    await expect(mockClient().setObjectTagging('photos', 'a', many(11))).rejects.toThrow(InvalidArgumentError)
    await expect(mockClient().setBucketTagging('photos', many(51))).rejects.toThrow(InvalidArgumentError)
    await expect(mockClient().setBucketTagging('photos', 'x' as never)).rejects.toThrow(InvalidArgumentError)
    await expect(mockClient().getObjectTagging('photos', '')).rejects.toThrow(InvalidObjectNameError)
    const err = await new Promise((resolve) =>
      mockClient().removeObjectTagging('photos', 'a', 'x' as never, resolve),
    )
    expect(err).toBeInstanceOf(InvalidArgumentError)
    expect(seen).toHaveLength(0)
  })

  it('reads tags as [{ Key, Value }], one tag or none too; deletes with versionId', async () => {
    const sets = [
      '<Tagging><TagSet><Tag><Key>a</Key><Value>x</Value></Tag><Tag><Key>b</Key><Value>2</Value></Tag></TagSet></Tagging>',
      '<Tagging><TagSet><Tag><Key>a</Key><Value>x</Value></Tag></TagSet></Tagging>',
      '<Tagging><TagSet></TagSet></Tagging>',
    ]
    let n = 0
    server.use(
      http.get(`${MOCK_BASE}/photos/a`, () => xmlResponse(sets[n++]!)),
      http.delete(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 204 })),
    )
    const client = mockClient()
    expect(await client.getObjectTagging('photos', 'a')).toEqual([
      { Key: 'a', Value: 'x' },
      { Key: 'b', Value: 2 },
    ])
    expect(await client.getObjectTagging('photos', 'a', { versionId: 'v9' })).toEqual([
      { Key: 'a', Value: 'x' },
    ])
    expect(seen[1]!.url.searchParams.get('versionId')).toBe('v9')
    expect(await client.getObjectTagging('photos', 'a')).toEqual([])
    await client.removeObjectTagging('photos', 'a', { versionId: 'v9' })
    expect(seen[3]!.method).toBe('DELETE')
    expect(seen[3]!.url.searchParams.get('versionId')).toBe('v9')
  })
})
