import {
  PUBLIC_ACCESS_BLOCK_DOCUMENT,
  PUBLIC_ACCESS_BLOCK_FIELDS,
  type PublicAccessBlock,
  readPublicAccessBlock,
} from '../../auth/public-access-block.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'

const LIMITS: XmlDocumentLimits = { maxBytes: 4096, maxElements: 16, maxDepth: 3 }

/** GetPublicAccessBlock: the four settings, or NoSuchPublicAccessBlockConfiguration (404). */
export const handleGetPublicAccessBlock: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.getBucket(route.bucket)
  const block = await readPublicAccessBlock(ctx.storage, route.bucket)
  if (block === undefined) {
    throw new S3ServerError(
      'NoSuchPublicAccessBlockConfiguration',
      'The public access block configuration was not found',
      { BucketName: route.bucket },
    )
  }
  sendXml(res, 200, renderXml('PublicAccessBlockConfiguration', { ...block }))
}

/**
 * PutPublicAccessBlock: each of the four settings `true` or `false` (absent: false; another
 * value or element: MalformedXML), stored whole, replacing any before. BlockPublicPolicy is
 * applied by PutBucketPolicy, RestrictPublicBuckets by authorization; BlockPublicAcls and
 * IgnorePublicAcls hold whatever is set, since Silo refuses every public ACL anyway.
 */
export const handlePutPublicAccessBlock: Handler = async (args) => {
  const content = await readXmlDocument(args, 'PublicAccessBlockConfiguration', LIMITS)
  const block: Partial<PublicAccessBlock> = {}
  for (const [name, value] of Object.entries(content)) {
    if (
      !(PUBLIC_ACCESS_BLOCK_FIELDS as readonly string[]).includes(name) ||
      (value !== 'true' && value !== 'false')
    ) {
      throw new S3ServerError(
        'MalformedXML',
        `PublicAccessBlockConfiguration: ${name} must be one of ${PUBLIC_ACCESS_BLOCK_FIELDS.join(', ')}, true or false.`,
      )
    }
    block[name as keyof PublicAccessBlock] = value === 'true'
  }
  const whole = Object.fromEntries(PUBLIC_ACCESS_BLOCK_FIELDS.map((name) => [name, block[name] === true]))
  await args.ctx.storage.putBucketDocument(
    args.route.bucket,
    PUBLIC_ACCESS_BLOCK_DOCUMENT,
    JSON.stringify(whole),
  )
  sendEmpty(args.res, 200)
}

/** DeletePublicAccessBlock: removes the settings (none stored is fine) and answers 204. */
export const handleDeletePublicAccessBlock: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, PUBLIC_ACCESS_BLOCK_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
