import type { XmlValue } from '../../body/parse-xml-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import type { ObjectLayer } from '../../storage/object-layer.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'

/** The bucket document holding a bucket's object ownership setting (JSON). */
const OWNERSHIP_CONTROLS_DOCUMENT = 'ownership-controls.json'

const OWNERSHIP_VALUES: ReadonlySet<string> = new Set([
  'BucketOwnerEnforced',
  'BucketOwnerPreferred',
  'ObjectWriter',
])
/** S3's default for new buckets since April 2023, and the only mode Silo enforces. */
const DEFAULT_OWNERSHIP = 'BucketOwnerEnforced'
const LIMITS: XmlDocumentLimits = { maxBytes: 4096, maxElements: 16, maxDepth: 4 }

/**
 * GetBucketOwnershipControls: the stored setting; `BucketOwnerEnforced` for a bucket that never
 * had one (as S3 for new buckets), OwnershipControlsNotFoundError (404) once it was deleted.
 */
export const handleGetBucketOwnershipControls: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, OWNERSHIP_CONTROLS_DOCUMENT)
  const ownership =
    text === undefined ? DEFAULT_OWNERSHIP : (JSON.parse(text) as { ownership: string | null }).ownership
  if (ownership === null) {
    throw new S3ServerError(
      'OwnershipControlsNotFoundError',
      'The bucket ownership controls were not found',
      {
        BucketName: route.bucket,
      },
    )
  }
  sendXml(res, 200, renderXml('OwnershipControls', { Rule: { ObjectOwnership: ownership } }))
}

/**
 * PutBucketOwnershipControls: one rule naming BucketOwnerEnforced, BucketOwnerPreferred or
 * ObjectWriter (anything else MalformedXML), stored and answered back by GET. Silo refuses ACLs
 * other than the owner's full control under every setting (it keeps no ACLs), so the setting
 * changes no answer yet.
 */
export const handlePutBucketOwnershipControls: Handler = async (args) => {
  const content = await readXmlDocument(args, 'OwnershipControls', LIMITS)
  const rule = content.Rule
  const ownership = isElement(rule) ? rule.ObjectOwnership : undefined
  if (typeof ownership !== 'string' || !OWNERSHIP_VALUES.has(ownership)) {
    throw new S3ServerError(
      'MalformedXML',
      'OwnershipControls must hold one Rule whose ObjectOwnership is BucketOwnerEnforced, BucketOwnerPreferred or ObjectWriter.',
    )
  }
  await args.ctx.storage.putBucketDocument(
    args.route.bucket,
    OWNERSHIP_CONTROLS_DOCUMENT,
    JSON.stringify({ ownership }),
  )
  sendEmpty(args.res, 200)
}

/** DeleteBucketOwnershipControls: 204; GET then answers OwnershipControlsNotFoundError, as S3. */
export const handleDeleteBucketOwnershipControls: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(
    route.bucket,
    OWNERSHIP_CONTROLS_DOCUMENT,
    JSON.stringify({ ownership: null }),
  )
  sendEmpty(res, 204)
}

/**
 * CreateBucket's `x-amz-object-ownership` header: undefined when absent, the value when it is
 * one of S3's three, else 400 InvalidArgument (checked before the bucket is made).
 *
 * @example readObjectOwnershipHeader(req.headers['x-amz-object-ownership']) // 'ObjectWriter'
 */
export function readObjectOwnershipHeader(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined
  const text = Array.isArray(value) ? value.join(',') : value
  if (!OWNERSHIP_VALUES.has(text)) {
    throw new S3ServerError(
      'InvalidArgument',
      'Invalid x-amz-object-ownership header: the value is not valid.',
      {
        ArgumentName: 'x-amz-object-ownership',
        ArgumentValue: text,
      },
    )
  }
  return text
}

/**
 * Stores a new bucket's object ownership, as PutBucketOwnershipControls would.
 *
 * @example await recordObjectOwnership(ctx.storage, 'photos', 'ObjectWriter')
 */
export async function recordObjectOwnership(
  storage: ObjectLayer,
  bucket: string,
  ownership: string,
): Promise<void> {
  await storage.putBucketDocument(bucket, OWNERSHIP_CONTROLS_DOCUMENT, JSON.stringify({ ownership }))
}

function isElement(value: XmlValue | XmlValue[] | undefined): value is Exclude<XmlValue, string> {
  return typeof value === 'object' && !Array.isArray(value)
}
