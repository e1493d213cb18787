import { S3ServerError } from '../errors.js'
import type { Tag } from './object-tags.js'
import { parseTaggingText } from './tagging-document.js'

/**
 * A POST form's tags: its `tagging` field, a Tagging document as S3 takes
 * it (MalformedXML, InvalidTag, BadRequest as PutObjectTagging). An `x-amz-tagging` field is
 * refused (InvalidArgument): S3's POST reads only `tagging`, and a field that looks honoured but
 * is not would leave the object untagged.
 *
 * @example await readFormTags(new Map([['tagging', '<Tagging><TagSet/></Tagging>']])) // []
 */
export async function readFormTags(fields: ReadonlyMap<string, string>): Promise<Tag[]> {
  if (fields.has('x-amz-tagging')) {
    throw new S3ServerError(
      'InvalidArgument',
      "POST Object takes tags in the 'tagging' field (a Tagging document), not 'x-amz-tagging'.",
      { ArgumentName: 'x-amz-tagging' },
    )
  }
  const text = fields.get('tagging')
  if (text === undefined) return []
  return parseTaggingText(text)
}
