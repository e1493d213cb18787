import type { XmlElement, XmlValue } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'
import { renderXml } from '../../response/xml.js'

const XSI = 'http://www.w3.org/2001/XMLSchema-instance'

/**
 * The AccessControlPolicy of every bucket and object: the owner with FULL_CONTROL and no
 * other grant, which is what S3 answers under object ownership BucketOwnerEnforced.
 *
 * @example renderOwnerAcl('siloadmin')
 */
export function renderOwnerAcl(ownerId: string): string {
  const owner = { ID: ownerId, DisplayName: ownerId }
  return renderXml('AccessControlPolicy', {
    Owner: owner,
    AccessControlList: {
      Grant: {
        Grantee: { '@_xmlns:xsi': XSI, '@_xsi:type': 'CanonicalUser', ...owner },
        Permission: 'FULL_CONTROL',
      },
    },
  })
}

/** Grant elements always read as an array, so one and many read the same way. */
export const ACL_REPEATED: ReadonlySet<string> = new Set(['Grant'])

/**
 * Checks a PutBucketAcl / PutObjectAcl body: it may only grant the owner FULL_CONTROL (at least
 * once, nothing else): any other grantee (another ID, an e-mail, a group URI such as AllUsers)
 * or permission is refused with AccessControlListNotSupported, as S3 does under
 * BucketOwnerEnforced. The parser drops attributes, so a grantee is told by its child elements:
 * only a grantee with an `ID` equal to the owner's passes.
 *
 * @example checkOwnerOnlyAcl(content, 'siloadmin')
 */
export function checkOwnerOnlyAcl(content: XmlElement, ownerId: string): void {
  const list = content.AccessControlList
  const grants = typeof list === 'object' && !Array.isArray(list) ? asArray(list.Grant) : []
  const ownerOnly =
    grants.length > 0 &&
    grants.every((grant) => {
      if (typeof grant !== 'object' || Array.isArray(grant)) return false
      const grantee = grant.Grantee
      if (typeof grantee !== 'object' || Array.isArray(grantee)) return false
      return grantee.ID === ownerId && grantee.URI === undefined && grant.Permission === 'FULL_CONTROL'
    })
  if (!ownerOnly) throw new S3ServerError('AccessControlListNotSupported', 'The bucket does not allow ACLs')
}

function asArray(value: XmlValue | XmlValue[] | undefined): XmlValue[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}
