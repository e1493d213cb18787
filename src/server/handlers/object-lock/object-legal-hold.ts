import type { XmlElement } from '../../body/parse-xml-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { requireObjectLock } from '../../object-lock/lock-configuration.js'
import {
  type LegalHoldStatus,
  LOCK_LEGAL_HOLD_HEADER,
  legalHoldHeaders,
  lockStateOf,
} from '../../object-lock/object-lock-state.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { readVersionIdParam, versionIdHeader } from '../versioning/version-params.js'
import { updateLockHeaders } from './update-lock-headers.js'

const LEGAL_HOLD_LIMITS: XmlDocumentLimits = { maxBytes: 16 * 1024, maxElements: 8, maxDepth: 3 }

/**
 * GetObjectLegalHold (`?legal-hold[&versionId=]`): the version's Status (ON or OFF); 400
 * InvalidRequest on a bucket without object lock, 404 NoSuchObjectLockConfiguration for a
 * version whose legal hold was never set.
 */
export const handleGetObjectLegalHold: Handler = async ({ ctx, res, route }) => {
  await requireObjectLock(ctx.storage, route.bucket)
  const versionId = readVersionIdParam(route)
  const info = await ctx.storage.headObject(
    route.bucket,
    route.key,
    versionId === undefined ? undefined : { versionId },
  )
  const { legalHold } = lockStateOf(info.headers)
  if (legalHold === undefined) throw new S3ServerError('NoSuchObjectLockConfiguration')
  res.setHeader('x-amz-version-id', info.versionId ?? 'null')
  sendXml(res, 200, renderXml('LegalHold', { Status: legalHold }))
}

/**
 * PutObjectLegalHold: sets the version's legal hold ON or OFF (`LegalHold/Status`; MalformedXML
 * otherwise). Anyone with s3:PutObjectLegalHold may release it: a legal hold has no mode.
 */
export const handlePutObjectLegalHold: Handler = async (args) => {
  const { ctx, res, route } = args
  await requireObjectLock(ctx.storage, route.bucket)
  const versionId = readVersionIdParam(route)
  const status = parseLegalHold(await readXmlDocument(args, 'LegalHold', LEGAL_HOLD_LIMITS))
  const info = await updateLockHeaders(args, versionId, (headers) => {
    const { [LOCK_LEGAL_HOLD_HEADER]: _old, ...rest } = headers
    return { ...rest, ...legalHoldHeaders(status) }
  })
  sendEmpty(res, 200, versionIdHeader(info))
}

function parseLegalHold(content: XmlElement): LegalHoldStatus {
  for (const name of Object.keys(content)) {
    if (name !== 'Status') malformed(`<${name}> is not an element of LegalHold`)
  }
  const status = content.Status
  if (status !== 'ON' && status !== 'OFF') return malformed('Status must be ON or OFF')
  return status
}

function malformed(why: string): never {
  throw new S3ServerError('MalformedXML', `The LegalHold document is not valid: ${why}.`)
}
