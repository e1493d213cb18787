import type { HandlerArgs } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { ACL_REPEATED, checkOwnerOnlyAcl } from './access-control-policy.js'
import { checkCannedAcl, checkGrantHeaders, GRANT_HEADERS } from './canned-acl.js'
import { readHeader } from './check-acl-headers.js'

// S3 allows 100 grants; a grant is ~6 elements.
const ACL_LIMITS: XmlDocumentLimits = {
  maxBytes: 64 * 1024,
  maxElements: 1024,
  maxDepth: 5,
  repeated: ACL_REPEATED,
}
/**
 * PutBucketAcl / PutObjectAcl: there is nothing to store (every bucket and object is its
 * bucket owner's alone), so the request is only checked: a canned `x-amz-acl` of the owner's
 * full control, a `x-amz-grant-full-control` naming only the owner (`id="<owner>"`), or a body
 * granting only the owner FULL_CONTROL answers 200; anything else AccessControlListNotSupported.
 */
export async function acceptOwnerOnlyAcl(args: HandlerArgs, ownerId: string): Promise<void> {
  const { req, res } = args
  const canned = req.headers['x-amz-acl']
  const read = (name: string) => readHeader(req, name)
  if (canned !== undefined || GRANT_HEADERS.some((name) => req.headers[name] !== undefined)) {
    checkCannedAcl(read('x-amz-acl'))
    await checkGrantHeaders(read, () => Promise.resolve(ownerId))
  } else {
    checkOwnerOnlyAcl(await readXmlDocument(args, 'AccessControlPolicy', ACL_LIMITS), ownerId)
  }
  sendEmpty(res, 200)
}
