import { describe, expect, it } from 'vitest'
import { isS3ServerError } from '../../../src/server/errors.js'
import {
  checkTags,
  encodeTags,
  parseTaggingHeader,
  readObjectTags,
  TAGS_HEADER,
  tagCount,
  tagHeaders,
} from '../../../src/server/tagging/object-tags.js'
import { parseTaggingText, renderTagging } from '../../../src/server/tagging/tagging-document.js'

function codeOf(fn: () => unknown): string {
  try {
    fn()
    return 'ok'
  } catch (e) {
    return isS3ServerError(e) ? `${e.code}: ${e.message}` : String(e)
  }
}

async function asyncCodeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    return isS3ServerError(e) ? e.code : String(e)
  }
}

const tags = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: `v${i}` }))

describe('x-amz-tagging', () => {
  it('reads the URL-encoded form (+ and %20 are spaces), a key without = has an empty value', () => {
    expect(parseTaggingHeader('a=1&b%20c=d+e&empty')).toEqual([
      { key: 'a', value: '1' },
      { key: 'b c', value: 'd e' },
      { key: 'empty', value: '' },
    ])
    expect(parseTaggingHeader('')).toEqual([])
  })

  it.each([
    ['a=1&a=2', /^InvalidArgument: The header 'x-amz-tagging' shall be encoded/],
    ['=v', /^InvalidTag: The TagKey you have provided is invalid/],
    [`${'k'.repeat(129)}=v`, /^InvalidTag: The TagKey/],
    [`k=${'v'.repeat(257)}`, /^InvalidTag: The TagValue/],
    ['aws:x=1', /^InvalidTag: Your TagKey cannot be prefixed with aws:/],
    ['AWS:x=1', /^InvalidTag: Your TagKey cannot be prefixed with aws:/],
    ['k=a%3Cb', /^InvalidTag: The TagValue/],
    ['k%23=1', /^InvalidTag: The TagKey/],
    [encodeTags(tags(11)), /^BadRequest: Object tags cannot be greater than 10$/],
  ])('refuses %s', (header, answer) => {
    expect(codeOf(() => parseTaggingHeader(header))).toMatch(answer)
  })

  it('takes S3 limits exactly: 10 tags, a 128-character key and a 256-character value', () => {
    expect(parseTaggingHeader(encodeTags(tags(10)))).toHaveLength(10)
    const long = [{ key: 'ü'.repeat(128), value: 'é'.repeat(256) }]
    expect(parseTaggingHeader(encodeTags(long))).toEqual(long)
    expect(codeOf(() => parseTaggingHeader('k=a+-=._:/@b&ü1=日本'))).toBe('ok')
    // Outside S3's letters, numbers, spaces and + - = . _ : / @ (a currency sign, here).
    expect(codeOf(() => parseTaggingHeader(encodeTags([{ key: 'k', value: '€' }])))).toMatch(/^InvalidTag/)
  })
})

describe('tag sets', () => {
  it('buckets take 50 tags (InvalidTag past), objects 10 (BadRequest past)', () => {
    expect(codeOf(() => checkTags(tags(50), 'bucket'))).toBe('ok')
    expect(codeOf(() => checkTags(tags(51), 'bucket'))).toMatch(/^InvalidTag: Bucket tag count/)
    expect(codeOf(() => checkTags(tags(11), 'object'))).toMatch(/^BadRequest/)
  })

  it('a key given twice is InvalidTag', () => {
    const twice = [
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
    ]
    expect(codeOf(() => checkTags(twice, 'object'))).toBe(
      'InvalidTag: Cannot provide multiple Tags with the same key',
    )
  })

  it('are stored in the internal header and read back in order; no tags store nothing', () => {
    const set = [
      { key: 'b c', value: 'x&y=z' },
      { key: 'a', value: '' },
    ]
    const headers = tagHeaders(set)
    expect(Object.keys(headers)).toEqual([TAGS_HEADER])
    expect(readObjectTags({ headers })).toEqual(set)
    expect(tagCount({ headers })).toBe(2)
    expect(tagHeaders([])).toEqual({})
    expect(tagCount({ headers: {} })).toBe(0)
  })
})

describe('the Tagging document', () => {
  const doc = (inner: string) => `<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</Tagging>`

  it('round-trips through render and parse, escaped text included', async () => {
    const set = [
      { key: 'a', value: '1 < 2 & 3' },
      { key: 'e', value: '' },
    ]
    const xml = renderTagging(set)
    expect(xml).toContain('<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet><Tag>')
    await expect(parseTaggingText(xml)).rejects.toMatchObject({ code: 'InvalidTag' })
    const ok = [
      { key: 'a', value: '1' },
      { key: 'e', value: '' },
    ]
    expect(await parseTaggingText(renderTagging(ok))).toEqual(ok)
    expect(await parseTaggingText(doc('<TagSet></TagSet>'))).toEqual([])
  })

  it.each([
    ['no TagSet', doc(''), 'MalformedXML'],
    ['a Tag without Value', doc('<TagSet><Tag><Key>a</Key></Tag></TagSet>'), 'MalformedXML'],
    [
      'an unknown element',
      doc('<TagSet><Tag><Key>a</Key><Value>1</Value><X/></Tag></TagSet>'),
      'MalformedXML',
    ],
    ['another root', '<Tags><TagSet/></Tags>', 'MalformedXML'],
    ['one tag', doc('<TagSet><Tag><Key>k</Key><Value>v</Value></Tag></TagSet>'), 'ok'],
    [
      'a key twice',
      doc('<TagSet><Tag><Key>a</Key><Value>1</Value></Tag><Tag><Key>a</Key><Value>2</Value></Tag></TagSet>'),
      'InvalidTag',
    ],
    [
      'too many tags',
      doc(
        `<TagSet>${tags(11)
          .map((t) => `<Tag><Key>${t.key}</Key><Value>${t.value}</Value></Tag>`)
          .join('')}</TagSet>`,
      ),
      'BadRequest',
    ],
  ])('%s: %s', async (_name, xml, code) => {
    expect(await asyncCodeOf(parseTaggingText(xml))).toBe(code)
  })
})
