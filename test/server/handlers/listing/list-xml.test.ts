import { describe, expect, it } from 'vitest'
import {
  escapeXmlText,
  listBucketResultXml,
  renderCommonPrefixes,
  renderContents,
  renderFields,
} from '../../../../src/server/handlers/listing/list-xml.js'
import { renderXml } from '../../../../src/server/response/xml.js'
import type { ObjectInfo } from '../../../../src/server/storage/object-layer.js'

const object = (key: string, time: number): ObjectInfo => ({
  bucket: 'b',
  key,
  size: 3,
  etag: 'abc',
  lastModified: new Date(time),
  contentType: 'text/plain',
  headers: {},
})

describe('listing XML rendered by string building', () => {
  it('matches what the generic XML builder renders, byte for byte, including escaping', () => {
    const objects = [object(`a&<>'"b`, 0), object('c d', 0), object('e', 1_700_000_000_123)]
    const owner = { ID: 'root&', DisplayName: 'root<' }
    const direct = listBucketResultXml(
      renderFields([['IsTruncated', true]]) +
        renderContents(objects, { encoding: undefined, owner }) +
        renderFields([
          ['Name', 'b'],
          ['Prefix', ''],
          ['Delimiter', undefined],
          ['MaxKeys', 1000],
        ]) +
        renderCommonPrefixes(['p&/', 'q/'], undefined),
    )
    const generic = renderXml('ListBucketResult', {
      IsTruncated: true,
      Contents: objects.map((o) => ({
        Key: o.key,
        LastModified: o.lastModified.toISOString(),
        ETag: `"${o.etag}"`,
        Size: o.size,
        Owner: owner,
        StorageClass: 'STANDARD',
      })),
      Name: 'b',
      Prefix: '',
      MaxKeys: 1000,
      CommonPrefixes: [{ Prefix: 'p&/' }, { Prefix: 'q/' }],
    })
    expect(direct).toBe(generic)
  })

  it('URL-encodes keys and prefixes when asked', () => {
    expect(renderContents([object('a b+c', 0)], { encoding: 'url' })).toContain('<Key>a%20b%2Bc</Key>')
    expect(renderCommonPrefixes(['x y/'], 'url')).toBe(
      '<CommonPrefixes><Prefix>x%20y/</Prefix></CommonPrefixes>',
    )
  })

  it('gives each object its own LastModified even when the times alternate', () => {
    const xml = renderContents([object('a', 0), object('b', 1000), object('c', 0)], { encoding: undefined })
    expect(xml.match(/<LastModified>[^<]+/g)).toEqual([
      '<LastModified>1970-01-01T00:00:00.000Z',
      '<LastModified>1970-01-01T00:00:01.000Z',
      '<LastModified>1970-01-01T00:00:00.000Z',
    ])
  })

  it('escapes all five XML specials and leaves plain text alone', () => {
    expect(escapeXmlText(`<&>'"`)).toBe('&lt;&amp;&gt;&apos;&quot;')
    expect(escapeXmlText('plain')).toBe('plain')
  })
})
