/**
 * XML request bodies under hostile input (issue 12): the bounded body reader (parseXmlBody)
 * reads back any well-formed tree it is given, however it is laid out, and answers anything
 * else, past its limits included, with MalformedXML; the NotificationConfiguration reader
 * returns or throws MalformedXML; over HTTP, signed DeleteObjects, CompleteMultipartUpload,
 * PutBucketNotificationConfiguration and CreateBucket requests whose bodies are mutated (elements
 * dropped, repeated, nested deeper, cut short; a DOCTYPE, entities, huge numbers, unicode)
 * answer success or a 4xx with a code, never 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseXmlBody } from '../../src/server/body/parse-xml-body.js'
import { parseNotificationXml } from '../../src/shared/events/notification-xml.js'
import { md5Base64, s3, xmlField } from '../server/helpers/signed-request.js'
import type { TestServer } from '../server/helpers/test-server.js'
import {
  clientErrorCode,
  expectNoServerError,
  parseOrClientError,
  parseOrClientErrorAsync,
} from './helpers/client-error.js'
import { hostileVariantOf, nastyText } from './helpers/mutate.js'
import { BACKENDS } from './helpers/servers.js'

const XMLNS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"'

const DELETE = `<?xml version="1.0" encoding="UTF-8"?>
<Delete ${XMLNS}><Quiet>false</Quiet><Object><Key>a.txt</Key></Object><Object><Key>dir/b &amp; c</Key><VersionId>null</VersionId></Object></Delete>`

const NOTIFICATION = `<NotificationConfiguration ${XMLNS}><QueueConfiguration><Id>1</Id><Queue>arn:silo:sqs:us-east-1:1:webhook</Queue><Event>s3:ObjectCreated:*</Event><Event>s3:ObjectRemoved:Delete</Event><Filter><S3Key><FilterRule><Name>prefix</Name><Value>photos/</Value></FilterRule><FilterRule><Name>suffix</Name><Value>.jpg</Value></FilterRule></S3Key></Filter></QueueConfiguration></NotificationConfiguration>`

const LOCATION = `<CreateBucketConfiguration ${XMLNS}><LocationConstraint>us-east-1</LocationConstraint></CreateBucketConfiguration>`

const complete = (etag: string) =>
  `<CompleteMultipartUpload ${XMLNS}><Part><PartNumber>1</PartNumber><ETag>"${etag}"</ETag></Part></CompleteMultipartUpload>`

/** An element tree as generated: text only, or child elements only. */
type Tree = { name: string; text: string } | { name: string; children: Tree[] }

const elementName = fc.oneof(
  fc.constantFrom(
    'Delete',
    'Object',
    'Key',
    'Part',
    'ETag',
    'Quiet',
    '__proto__',
    'constructor',
    'a.b-c_d',
    'Ünïcode',
  ),
  fc.stringMatching(/^[A-Za-z_][-\w.]{0,10}$/),
)
// Text a well-formed document can hold: XML 1.0 characters only, and no CR (a reader turns line
// ends into LF, as XML requires).
const textValue = fc
  .oneof(nastyText(), fc.string({ maxLength: 30, unit: 'grapheme' }))
  .map((t) => [...t].filter(isXmlChar).join(''))

function isXmlChar(c: string): boolean {
  const code = c.codePointAt(0) ?? 0
  if (code === 0x09 || code === 0x0a) return true
  return (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000
}
const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ name: elementName, text: textValue }),
    fc.record({ name: elementName, children: fc.array(tie('tree'), { minLength: 1, maxLength: 4 }) }),
  ),
})).tree

const escapeText = (t: string) => t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Serializes with random but meaningless layout: prefixes, attributes, comments, whitespace, CDATA. */
function serialize(t: Tree, style: { prefix: boolean; layout: boolean; cdata: boolean }): string {
  const name = style.prefix ? `s3:${t.name}` : t.name
  const attrs = style.prefix ? ' xmlns:s3="http://s3.amazonaws.com/doc/2006-03-01/" a=\'&lt;1&gt;\'' : ''
  if ('text' in t) {
    const body = style.cdata && !t.text.includes(']]>') ? `<![CDATA[${t.text}]]>` : escapeText(t.text)
    return t.text === '' && style.layout ? `<${name}${attrs}/>` : `<${name}${attrs}>${body}</${name}>`
  }
  const gap = style.layout ? '\n  <!-- a comment -->\t' : ''
  return `<${name}${attrs}>${t.children.map((c) => gap + serialize(c, style)).join('')}${gap}</${name}>`
}

/** What parseXmlBody gives for a tree: text, or children by name (a name met twice: an array). */
function expected(t: Tree): unknown {
  if ('text' in t) return t.text
  const out: Record<string, unknown> = Object.create(null)
  for (const child of t.children) {
    const value = expected(child)
    const existing = out[child.name]
    if (existing === undefined) out[child.name] = value
    else if (Array.isArray(existing)) existing.push(value)
    else out[child.name] = [existing, value]
  }
  return out
}

function depthOf(t: Tree): number {
  return 'text' in t ? 1 : 1 + Math.max(...t.children.map(depthOf))
}

const normalize = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown
const LIMITS = { maxElements: 10_000, maxDepth: 16 }

describe('parseXmlBody (unit)', () => {
  it('reads back any well-formed tree, however it is laid out', async () => {
    const style = fc.record({ prefix: fc.boolean(), layout: fc.boolean(), cdata: fc.boolean() })
    await fc.assert(
      fc.asyncProperty(
        tree.filter((t) => depthOf(t) <= LIMITS.maxDepth),
        style,
        fc.boolean(),
        async (t, s, declaration) => {
          const xml = (declaration ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '') + serialize(t, s)
          const doc = await parseXmlBody(xml, LIMITS)
          expect(doc.root).toBe(t.name)
          expect(normalize(doc.content)).toEqual(normalize(expected(t)))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('a mutated S3 document parses or is MalformedXML', async () => {
    const valid = [DELETE, NOTIFICATION, LOCATION, complete('0123456789abcdef')]
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(...valid), async (xml) => {
        await parseOrClientErrorAsync(() =>
          parseXmlBody(xml, { maxElements: 6002, repeated: new Set(['Object']) }),
        )
      }),
      { numRuns: 500 },
    )
  })

  it('more elements or deeper nesting than the limits allow is MalformedXML', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        async (depth, width) => {
          const limits = { maxElements: 30, maxDepth: 8 }
          const xml = `${'<a>'.repeat(depth)}${'<b/>'.repeat(width)}${'</a>'.repeat(depth)}`
          const within = depth + width <= limits.maxElements && depth + 1 <= limits.maxDepth
          const outcome = await parseXmlBody(xml, limits).then(
            () => 'parsed',
            (e: unknown) => clientErrorCode(e),
          )
          expect(outcome).toBe(within ? 'parsed' : 'MalformedXML')
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('NotificationConfiguration XML (unit)', () => {
  it('parseNotificationXml: a raw configuration or MalformedXML', () => {
    fc.assert(
      fc.property(hostileVariantOf(NOTIFICATION, '<NotificationConfiguration/>'), (xml) => {
        parseOrClientError(() => parseNotificationXml(xml))
      }),
      { numRuns: 500 },
    )
  })
})

describe.each(BACKENDS)('XML bodies over HTTP (server: %s)', (_, start) => {
  let server: TestServer
  const B = '/xml-property'
  let n = 0

  beforeAll(async () => {
    server = await start()
    expect((await s3(server.url, 'PUT', B)).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('DeleteObjects with a mutated body (with and without Content-MD5) answers 200 or a 4xx code', async () => {
    expect((await s3(server.url, 'POST', `${B}?delete`, { body: DELETE })).status).toBe(200)
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(DELETE), fc.boolean(), async (body, md5) => {
        const headers: Record<string, string> = md5 ? { 'content-md5': md5Base64(body) } : {}
        expectNoServerError(await s3(server.url, 'POST', `${B}?delete`, { body, headers }))
      }),
      { numRuns: 150 },
    )
  })

  it('CompleteMultipartUpload with a mutated body answers 200 or a 4xx code', async () => {
    let upload: { key: string; id: string; etag: string } | undefined
    const open = async () => {
      const key = `${B}/mpu${n++}`
      const created = await s3(server.url, 'POST', `${key}?uploads`)
      const id = xmlField(created.text, 'UploadId') ?? ''
      const part = await s3(server.url, 'PUT', `${key}?partNumber=1&uploadId=${id}`, { body: 'part one' })
      return { key, id, etag: String(part.headers.etag).replaceAll('"', '') }
    }
    const first = await open()
    expect(
      (await s3(server.url, 'POST', `${first.key}?uploadId=${first.id}`, { body: complete(first.etag) }))
        .status,
    ).toBe(200)
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(complete('ETAG')), async (template) => {
        upload ??= await open()
        const body = template.replaceAll('ETAG', upload.etag)
        const res = await s3(server.url, 'POST', `${upload.key}?uploadId=${upload.id}`, { body })
        expectNoServerError(res)
        if (res.status === 200) upload = undefined
      }),
      { numRuns: 100 },
    )
  })

  it('PutBucketNotificationConfiguration with a mutated body answers 200 or a 4xx code', async () => {
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(NOTIFICATION, '<NotificationConfiguration/>'), async (body) => {
        expectNoServerError(await s3(server.url, 'PUT', `${B}?notification`, { body }))
      }),
      { numRuns: 100 },
    )
  })

  it('CreateBucket with a mutated CreateBucketConfiguration answers 200 or a 4xx code', async () => {
    await fc.assert(
      fc.asyncProperty(hostileVariantOf(LOCATION), async (body) => {
        expectNoServerError(await s3(server.url, 'PUT', `/xml-property-bucket-${n++}`, { body }))
      }),
      { numRuns: 100 },
    )
  })
})
