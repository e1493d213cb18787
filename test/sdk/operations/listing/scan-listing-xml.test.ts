import { describe, expect, it } from 'vitest'
import { scanListing } from '../../../../src/sdk/operations/listing/scan-listing-xml.js'

describe('scanListing', () => {
  it('reads top-level fields, contents and prefixes, decoding entities', () => {
    const page = scanListing(
      `<?xml version="1.0" encoding="UTF-8"?>
      <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
        <Name>b</Name><Prefix></Prefix><Marker/><IsTruncated>true</IsTruncated>
        <NextMarker>a&amp;b&#47;&#x20AC;</NextMarker>
        <Contents><Key>x &lt;1&gt; &apos;q&apos;</Key><LastModified>2024-01-01T00:00:00.000Z</LastModified>
          <ETag>&quot;abc&quot;</ETag><Size>12</Size><Owner><ID>o</ID></Owner></Contents>
        <Contents><Key>y</Key><LastModified>2024-01-02T00:00:00.000Z</LastModified><ETag>"d"</ETag><Size>0</Size></Contents>
        <CommonPrefixes><Prefix>dir/</Prefix></CommonPrefixes>
      </ListBucketResult>`,
    )
    expect(page.field('IsTruncated')).toBe('true')
    expect(page.field('NextMarker')).toBe('a&b/€')
    expect(page.field('Prefix')).toBe('')
    expect(page.field('NextContinuationToken')).toBe('')
    expect(page.contents).toEqual([
      { Key: "x <1> 'q'", LastModified: '2024-01-01T00:00:00.000Z', ETag: '"abc"', Size: '12' },
      { Key: 'y', LastModified: '2024-01-02T00:00:00.000Z', ETag: '"d"', Size: '0' },
    ])
    expect(page.prefixes).toEqual(['dir/'])
  })

  it('refuses a document that is not a listing', () => {
    expect(() => scanListing('<Error><Code>x</Code></Error>')).toThrow(
      expect.objectContaining({ name: 'InvalidXMLError' }),
    )
  })
})

describe('scanListing, prefixes between contents', () => {
  it('keeps contents and prefixes apart and reads fields after the last block', () => {
    const page = scanListing(
      '<ListBucketResult><IsTruncated>false</IsTruncated>' +
        '<CommonPrefixes><Prefix>a/</Prefix></CommonPrefixes>' +
        '<Contents><Key>b</Key><LastModified>t</LastModified><ETag>"e"</ETag><Size>1</Size></Contents>' +
        '<CommonPrefixes><Prefix>c/</Prefix></CommonPrefixes>' +
        '<Contents><Key>d</Key><Size>2</Size></Contents>' +
        '<KeyCount>4</KeyCount><NextContinuationToken>tok</NextContinuationToken></ListBucketResult>',
    )
    expect(page.contents.map((c) => [c.Key, c.Size, c.ETag])).toEqual([
      ['b', '1', '"e"'],
      ['d', '2', ''],
    ])
    expect(page.prefixes).toEqual(['a/', 'c/'])
    expect(page.field('KeyCount')).toBe('4')
    expect(page.field('NextContinuationToken')).toBe('tok')
    expect(page.field('Key')).toBe('')
  })

  it('refuses a block that is never closed', () => {
    expect(() => scanListing('<ListBucketResult><Contents><Key>a</Key>')).toThrow(/Unclosed <Contents>/)
  })
})
