/**
 * S3's `Tagging` document (`<Tagging><TagSet><Tag><Key/><Value/></Tag>...</TagSet></Tagging>`):
 * the body of PutObjectTagging and PutBucketTagging, the `tagging` field of a POST form, and the
 * answer of the GET forms.
 */
import { parseXmlBody, type XmlElement, type XmlValue } from '../body/parse-xml-body.js'
import { S3ServerError } from '../errors.js'
import type { XmlDocumentLimits } from '../handlers/objects/xml-body.js'
import { renderXml } from '../response/xml.js'
import { checkTags, type Tag, type TagTarget } from './object-tags.js'

/**
 * The bounds of a Tagging document: 50 tags of a 128-character key and a 256-character value,
 * each character escaped (`&#x1F600;`), fit in 256 KiB. Up to 1,000 tags are parsed, so a set
 * past S3's count limit gets S3's answer for that rather than MalformedXML.
 */
export const TAGGING_LIMITS: XmlDocumentLimits = {
  maxBytes: 256 * 1024,
  maxElements: 2 + 3 * 1000,
  maxDepth: 4,
  repeated: new Set(['Tag']),
}

/**
 * Reads the content of a parsed `Tagging` document into tags, checked for `target`
 * (checkTags): MalformedXML for a document S3's schema refuses (no TagSet, a Tag without Key or
 * Value, an unknown element).
 *
 * @example parseTagging({ TagSet: { Tag: [{ Key: 'a', Value: '1' }] } }, 'object') // [{ key: 'a', value: '1' }]
 */
export function parseTagging(content: XmlElement, target: TagTarget): Tag[] {
  for (const name of Object.keys(content)) {
    if (name !== 'TagSet') malformed(`<${name}> is not an element of Tagging`)
  }
  const set = content.TagSet
  if (set === undefined || Array.isArray(set)) malformed('a Tagging document holds one TagSet')
  const tagSet: XmlElement = typeof set === 'string' ? {} : set
  for (const name of Object.keys(tagSet)) {
    if (name !== 'Tag') malformed(`<${name}> is not an element of TagSet`)
  }
  const tags = ((tagSet.Tag ?? []) as XmlValue[]).map(readTag)
  checkTags(tags, target)
  return tags
}

/**
 * Reads a POST form's `tagging` field (a Tagging document) as an object's tags.
 *
 * @example await parseTaggingText('<Tagging><TagSet><Tag><Key>a</Key><Value>1</Value></Tag></TagSet></Tagging>')
 */
export async function parseTaggingText(text: string): Promise<Tag[]> {
  if (text.length > TAGGING_LIMITS.maxBytes) malformed('the Tagging document is too large')
  const doc = await parseXmlBody(text, TAGGING_LIMITS)
  if (doc.root !== 'Tagging') malformed(`the tagging field must be a Tagging document, not ${doc.root}`)
  return parseTagging(typeof doc.content === 'object' ? doc.content : {}, 'object')
}

/**
 * The GET answer: a `Tagging` document holding `tags`.
 *
 * @example renderTagging([{ key: 'a', value: '1' }])
 */
export function renderTagging(tags: readonly Tag[]): string {
  return renderXml('Tagging', {
    TagSet: { Tag: tags.map(({ key, value }) => ({ Key: key, Value: value })) },
  })
}

function readTag(value: XmlValue): Tag {
  if (typeof value === 'string') malformed('a Tag needs a Key and a Value')
  for (const name of Object.keys(value)) {
    if (name !== 'Key' && name !== 'Value') malformed(`<${name}> is not an element of Tag`)
  }
  const { Key: key, Value: text } = value
  if (typeof key !== 'string' || typeof text !== 'string') malformed('a Tag needs one Key and one Value')
  return { key, value: text }
}

function malformed(reason: string): never {
  throw new S3ServerError(
    'MalformedXML',
    `The XML you provided was not well-formed or did not validate against our published schema: ${reason}.`,
  )
}
