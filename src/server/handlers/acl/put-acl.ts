import type { HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { ACL_REPEATED, checkOwnerOnlyAcl } from './access-control-policy.js'
import { checkCannedAcl } from './canned-acl.js'

// S3 allows 100 grants; a grant is ~6 elements.
const ACL_LIMITS: XmlDocumentLimits = {
  maxBytes: 64 * 1024,
  maxElements: 1024,
  maxDepth: 5,
  repeated: ACL_REPEATED,
}
const GRANT_HEADERS = [
  'x-amz-grant-full-control',
  'x-amz-grant-read',
  'x-amz-grant-read-acp',
  'x-amz-grant-write',
  'x-amz-grant-write-acp',
]

/**
 * PutBucketAcl / PutObjectAcl: there is nothing to store (every bucket and object is its
 * bucket owner's alone), so the request is only checked: a canned `x-amz-acl` of the owner's
 * full control, a `x-amz-grant-full-control` naming only the owner (`id="<owner>"`), or a body
 * granting only the owner FULL_CONTROL answers 200; anything else AccessControlListNotSupported.
 */
export async function acceptOwnerOnlyAcl(args: HandlerArgs, ownerId: string): Promise<void> {
  const { req, res } = args
  const canned = req.headers['x-amz-acl']
  const grants = GRANT_HEADERS.filter((name) => req.headers[name] !== undefined)
  if (canned !== undefined || grants.length > 0) {
    checkCannedAcl(Array.isArray(canned) ? canned.join(',') : canned)
    for (const name of grants) {
      const value = String(req.headers[name])
      if (name !== 'x-amz-grant-full-control' || value.replace(/\s/g, '') !== `id="${ownerId}"`) {
        throw new S3ServerError('AccessControlListNotSupported', 'The bucket does not allow ACLs', {
          ArgumentName: name,
          ArgumentValue: value,
        })
      }
    }
  } else {
    checkOwnerOnlyAcl(await readXmlDocument(args, 'AccessControlPolicy', ACL_LIMITS), ownerId)
  }
  sendEmpty(res, 200)
}
