import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import {
  type ParseXmlOptions,
  parseXmlBody,
  SLICE_CHARS,
  SLICE_TOKENS,
} from '../../../src/server/body/parse-xml-body.js'
import { isS3ServerError } from '../../../src/server/errors.js'

const limits: ParseXmlOptions = { maxElements: 100_000, repeated: new Set(['Object', 'Part']) }
const parse = (text: string, options = limits) => parseXmlBody(text, options)

/** The error code and message a parse fails with. */
async function failure(text: string, options = limits): Promise<string> {
  try {
    await parse(text, options)
  } catch (error) {
    if (isS3ServerError(error)) return `${error.code}: ${error.message}`
    throw error
  }
  throw new Error('parsed')
}

describe('parseXmlBody: the shapes handlers read', () => {
  it.each([
    [
      '<Delete><Quiet>true</Quiet><Object><Key>a</Key></Object></Delete>',
      'Delete',
      { Quiet: 'true', Object: [{ Key: 'a' }] },
    ],
    [
      '<Delete><Object><Key> a </Key></Object><Object><Key/></Object></Delete>',
      'Delete',
      { Object: [{ Key: ' a ' }, { Key: '' }] },
    ],
    [
      '<?xml version="1.0" encoding="UTF-8"?>\n<s3:Delete xmlns:s3="x"><s3:Object><s3:Key>k</s3:Key></s3:Object></s3:Delete>\n',
      'Delete',
      { Object: [{ Key: 'k' }] },
    ],
    ['\uFEFF<A><B>1</B><B>2</B></A>', 'A', { B: ['1', '2'] }],
    ['<A>\n  <!-- note -->\n  <B>x</B>\n</A>', 'A', { B: 'x' }],
    ['<A><B><![CDATA[<&>]]></B></A>', 'A', { B: '<&>' }],
    ['<A><B>&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;</B></A>', 'A', { B: '<>&"\'A😀' }],
    [
      '<A><B>&amp;amp;</B><C>a&#10;b</C><D>&#x10FFFF;</D></A>',
      'A',
      { B: '&amp;', C: 'a\nb', D: '\u{10FFFF}' },
    ],
    // XML's end-of-line handling (S3 does it too): a CR reaches a key only as &#13;.
    ['<A>a\r\nb\rc&#13;</A>', 'A', 'a\nb\nc\r'],
    ['<A attr="1" other=\'2\'><B>x</B></A>', 'A', { B: 'x' }],
    ['<A>text<B>x</B></A>', 'A', { B: 'x', '#text': 'text' }],
    ['<A/>', 'A', ''],
    ['<A>plain</A>', 'A', 'plain'],
  ])('%s', async (text, root, content) => {
    const doc = await parse(text)
    expect(doc.root).toBe(root)
    expect(JSON.parse(JSON.stringify(doc.content))).toEqual(content)
  })

  it('reads S3 documents as fast-xml-parser did (the parser it replaces)', async () => {
    const fxp = new XMLParser({
      removeNSPrefix: true,
      parseTagValue: false,
      trimValues: false,
      isArray: (name) => name === 'Part' || name === 'Object',
    })
    const documents = [
      '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"a"</ETag></Part><Part><PartNumber>2</PartNumber><ETag>&quot;b&quot;</ETag><ChecksumCRC32>AAAAAA==</ChecksumCRC32></Part></CompleteMultipartUpload>',
      '<Delete><Quiet>false</Quiet><Object><Key>a &amp; b</Key><VersionId>v1</VersionId></Object><Object><Key>c</Key></Object></Delete>',
      '<CreateBucketConfiguration><LocationConstraint>eu-west-1</LocationConstraint></CreateBucketConfiguration>',
    ]
    for (const text of documents) {
      const doc = await parse(text)
      expect(JSON.parse(JSON.stringify({ [doc.root]: doc.content }))).toEqual(fxp.parse(text))
    }
  })

  it('reads tags and texts just under their limits, wherever the slices fall', async () => {
    const attributes = Array.from({ length: 700 }, (_, i) => ` a${i}="${i}"`).join('')
    const text = 'y'.repeat(65_000)
    for (const pad of [0, 1, 1000, 4095]) {
      const doc = await parse(
        `<A>${' '.repeat(pad)}${`<B${attributes}>${text}</B>`.repeat(3)}<C${attributes}/></A>`,
      )
      expect(attributes.length).toBeGreaterThan(7000)
      expect(doc.content).toEqual({ B: [text, text, text], C: '' })
    }
  })

  it('keeps a child named __proto__ as a plain name', async () => {
    const doc = await parse('<A><__proto__><polluted>1</polluted></__proto__></A>')
    expect(Object.keys(doc.content)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('parseXmlBody: anything else is MalformedXML', () => {
  it.each([
    ['', 'there is no root element'],
    ['   ', 'there is no root element'],
    ['<A>', '<A> is never closed'],
    ['<A></B>', '</B> closes <A>'],
    ['<A></A><B/>', '<B> follows the root element'],
    ['<A/>trailing', 'text outside the root element'],
    ['text<A/>', 'text outside the root element'],
    ['<A>a & b</A>', "'& b' is not an entity reference"],
    ['<A>&foo;</A>', 'is not an entity reference'],
    ['<A>&#0;</A>', '&#0; is not a character'],
    ['<A>&#xD800;</A>', 'is not a character'],
    ['<A x="1" x="2"/>', 'repeats the attribute x'],
    ['<A x=1/>', 'is not closed properly'],
    ['<A x="<"/>', 'is not closed properly'],
    ['< A/>', 'is not a tag'],
    ['<A><!-- open </A>', 'a comment is never closed'],
    ['<A><![CDATA[ open </A>', 'a CDATA section is never closed'],
    ['<![CDATA[x]]><A/>', 'CDATA section is outside the root element'],
    ['<A><?xml version="1.0"?></A>', 'the XML declaration is not at the start'],
    ['<?pi never closed <A/>', 'never closed'],
    ['<!DOCTYPE A><A/>', 'DOCTYPE declarations are not allowed'],
    ['<?xml version="1.0"?><!doctype a [<!ENTITY x SYSTEM "file:///etc/passwd">]><A>&x;</A>', 'DOCTYPE'],
    ['<A><!ENTITY x "y"></A>', 'is not a comment or CDATA section'],
    [`<A x="${'y'.repeat(9000)}"/>`, 'longer than 8192 characters'],
    [`<A>${'y'.repeat(70_000)}</A>`, 'the text of <A> is longer than 65536 characters'],
    // Characters XML 1.0 does not allow, even as references, and other rules of well-formedness.
    ['<A>a\u0001b</A>', 'the character U+0001 is not allowed in XML'],
    ['<A>\uFFFF</A>', 'the character U+FFFF is not allowed in XML'],
    ['<A>&#1;</A>', '&#1; is not a character'],
    ['<A>a]]>b</A>', '"]]>" appears in text'],
    ['<A><!-- a -- b --></A>', 'a comment holds "--"'],
    ['<A x="1"', 'the tag <A> is never closed with >'],
    ['<A>&amp;&foo', "'&foo' is not an entity reference"],
  ])('%s', async (text, detail) => {
    const message = await failure(text)
    expect(message).toMatch(/^MalformedXML: The XML you provided was not well-formed: /)
    expect(message).toContain(detail)
  })

  it('refuses more elements than the document allows, and deeper nesting', async () => {
    expect(await failure('<A><B/><B/><B/></A>', { maxElements: 3, repeated: new Set() })).toContain(
      'more than 3 elements',
    )
    expect(await failure(`${'<a>'.repeat(17)}${'</a>'.repeat(17)}`)).toContain('nest deeper than 16')
    expect(await failure(`${'<a>'.repeat(5)}${'</a>'.repeat(5)}`, { ...limits, maxDepth: 4 })).toContain(
      'nest deeper than 4',
    )
    expect((await parse(`${'<a>'.repeat(16)}${'</a>'.repeat(16)}`)).root).toBe('a')
  })
})

describe('parseXmlBody never holds the event loop for a whole document', () => {
  it('gives the loop back every 64 KiB of text', async () => {
    let yields = 0
    const key = `<Object><Key>${'k'.repeat(1000)}</Key></Object>`
    const text = `<Delete>${key.repeat(4000)}</Delete>`
    const doc = await parseXmlBody(text, {
      ...limits,
      yieldToLoop: async () => {
        yields++
      },
    })
    expect((doc.content as { Object: unknown[] }).Object).toHaveLength(4000)
    expect(yields).toBeGreaterThanOrEqual(Math.floor(text.length / SLICE_CHARS) - 1)
  })

  it(`gives the loop back every ${SLICE_TOKENS} tokens of dense markup`, async () => {
    let yields = 0
    const text = `<A>${'<b/>'.repeat(50_000)}</A>`
    await parseXmlBody(text, {
      maxElements: 60_000,
      yieldToLoop: async () => {
        yields++
      },
    })
    expect(yields).toBeGreaterThanOrEqual(Math.floor(50_000 / SLICE_TOKENS) - 1)
  })

  it.each([
    ['the text of <A> is longer than 65536 characters', `<A>${'y'.repeat(4 << 20)}`],
    ['a comment is longer than 65536 characters', `<A><!--${'y'.repeat(4 << 20)}`],
    ['the tag <A> is longer than 8192 characters', `<A x="${'y'.repeat(4 << 20)}`],
    ['DOCTYPE declarations are not allowed', `<!DOCTYPE A [${' '.repeat(4 << 20)}`],
  ])(
    'a construct that never ends is refused within two slices, not at the end of the body: %s',
    async (detail, text) => {
      let yields = 0
      const outcome = await parseXmlBody(text, {
        ...limits,
        yieldToLoop: async () => {
          yields++
        },
      }).then(
        () => 'parsed',
        (error: Error) => error.message,
      )
      expect(outcome).toContain(detail)
      expect(yields).toBeLessThanOrEqual(2)
    },
  )
})
