import type { XmlElement } from '../../body/parse-xml-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { isRetentionMode, requireObjectLock } from '../../object-lock/lock-configuration.js'
import { checkRetentionChange } from '../../object-lock/lock-enforcement.js'
import {
  LOCK_MODE_HEADER,
  LOCK_RETAIN_UNTIL_HEADER,
  lockStateOf,
  type Retention,
  retentionHeaders,
} from '../../object-lock/object-lock-state.js'
import { parseRetainUntilDate } from '../../object-lock/retain-until-date.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { readVersionIdParam, versionIdHeader } from '../versioning/version-params.js'
import { bypassesGovernance } from './bypass-governance.js'
import { updateLockHeaders } from './update-lock-headers.js'

const RETENTION_LIMITS: XmlDocumentLimits = { maxBytes: 16 * 1024, maxElements: 16, maxDepth: 3 }

/**
 * GetObjectRetention (`?retention[&versionId=]`): the version's Mode and RetainUntilDate; 400
 * InvalidRequest on a bucket without object lock, 404 NoSuchObjectLockConfiguration for a
 * version without retention.
 */
export const handleGetObjectRetention: Handler = async ({ ctx, res, route }) => {
  await requireObjectLock(ctx.storage, route.bucket)
  const versionId = readVersionIdParam(route)
  const info = await ctx.storage.headObject(
    route.bucket,
    route.key,
    versionId === undefined ? undefined : { versionId },
  )
  const { retention } = lockStateOf(info.headers)
  if (retention === undefined) throw new S3ServerError('NoSuchObjectLockConfiguration')
  res.setHeader('x-amz-version-id', info.versionId ?? 'null')
  sendXml(
    res,
    200,
    renderXml('Retention', { Mode: retention.mode, RetainUntilDate: retention.retainUntil.toISOString() }),
  )
}

/**
 * PutObjectRetention: sets, extends or (with a Retention without Mode and date) removes the
 * version's retention, under S3's rules (checkRetentionChange: COMPLIANCE only extends; GOVERNANCE
 * shortened, removed or changed only with the governance bypass; 403 AccessDenied otherwise).
 * The check and the write happen in one metadata update, under the key's lock.
 */
export const handlePutObjectRetention: Handler = async (args) => {
  const { ctx, res, route } = args
  await requireObjectLock(ctx.storage, route.bucket)
  const versionId = readVersionIdParam(route)
  const now = new Date(ctx.auth.now())
  const next = parseRetention(await readXmlDocument(args, 'Retention', RETENTION_LIMITS), now)
  const bypassGovernance = await bypassesGovernance(args, route.bucket, route.key)
  const info = await updateLockHeaders(args, versionId, (headers) => {
    checkRetentionChange(lockStateOf(headers), next, { now, bypassGovernance })
    const { [LOCK_MODE_HEADER]: _mode, [LOCK_RETAIN_UNTIL_HEADER]: _until, ...rest } = headers
    return { ...rest, ...retentionHeaders(next) }
  })
  sendEmpty(res, 200, versionIdHeader(info))
}

/** Reads a Retention document: both Mode and RetainUntilDate, or neither (removal). */
function parseRetention(content: XmlElement, now: Date): Retention | undefined {
  for (const name of Object.keys(content)) {
    if (name !== 'Mode' && name !== 'RetainUntilDate') malformed(`<${name}> is not an element of Retention`)
  }
  const { Mode: mode, RetainUntilDate: date } = content
  if (mode === undefined && date === undefined) return undefined
  if (!isRetentionMode(mode)) return malformed('Retention needs a Mode of GOVERNANCE or COMPLIANCE')
  if (typeof date !== 'string') return malformed('Retention needs one RetainUntilDate with its Mode')
  return { mode, retainUntil: parseRetainUntilDate(date, now, 'RetainUntilDate') }
}

function malformed(why: string): never {
  throw new S3ServerError('MalformedXML', `The Retention document is not valid: ${why}.`)
}
