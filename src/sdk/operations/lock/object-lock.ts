/**
 * Object lock: the bucket's default retention (`PUT/GET /bucket?object-lock`), an object
 * version's retention (`?retention`) and legal hold (`?legal-hold`), with minio-js's argument
 * checks (and its error classes: TypeError for a bad lock config or legal hold status,
 * InvalidArgumentError for bad retention options) and result shapes. Each PUT carries a Content-MD5, which S3 requires on these.
 */
import { InvalidArgumentError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName, assertObjectName, optionalObject } from '../../validate.js'
import { elementXml } from '../replication/element-xml.js'
import { parseMinioXml } from '../versioning/minio-xml.js'

/** Retention modes (minio-js's `RETENTION_MODES`). */
export const RETENTION_MODES = { GOVERNANCE: 'GOVERNANCE', COMPLIANCE: 'COMPLIANCE' } as const
/** A retention mode. */
export type RETENTION_MODES = (typeof RETENTION_MODES)[keyof typeof RETENTION_MODES]
/** Units of a default retention (minio-js's `RETENTION_VALIDITY_UNITS`). */
export const RETENTION_VALIDITY_UNITS = { DAYS: 'Days', YEARS: 'Years' } as const
/** A default retention unit. */
export type RETENTION_VALIDITY_UNITS =
  (typeof RETENTION_VALIDITY_UNITS)[keyof typeof RETENTION_VALIDITY_UNITS]
/** Legal hold states (minio-js's `LEGAL_HOLD_STATUS`). */
export const LEGAL_HOLD_STATUS = { ENABLED: 'ON', DISABLED: 'OFF' } as const
/** A legal hold state. */
export type LEGAL_HOLD_STATUS = (typeof LEGAL_HOLD_STATUS)[keyof typeof LEGAL_HOLD_STATUS]

/**
 * A bucket's lock configuration as read (`{}` when the server answers an empty one).
 * @example
 * const { objectLockEnabled, mode, unit, validity } = await client.getObjectLockConfig('records')
 */
export interface ObjectLockInfo {
  objectLockEnabled?: 'Enabled'
  mode?: RETENTION_MODES
  unit?: RETENTION_VALIDITY_UNITS
  validity?: number
}

/**
 * The default retention to set: all three members, or none (lock enabled without a default).
 * @example
 * await client.setObjectLockConfig('records', { mode: 'GOVERNANCE', unit: 'Days', validity: 30 })
 */
export interface ObjectLockConfigOptions {
  mode?: RETENTION_MODES
  unit?: RETENTION_VALIDITY_UNITS
  validity?: number
}

/**
 * Options of `putObjectRetention`.
 * @example
 * await client.putObjectRetention('records', 'r.pdf', { mode: 'GOVERNANCE', retainUntilDate: '2030-01-01T00:00:00.000Z' })
 */
export interface RetentionOptions {
  versionId?: string
  mode?: RETENTION_MODES
  /** ISO 8601 date-time. */
  retainUntilDate?: string
  /** Shorten or remove a GOVERNANCE retention (`x-amz-bypass-governance-retention`). */
  governanceBypass?: boolean
}

/**
 * An object version's retention as read.
 * @example
 * const { mode, retainUntilDate } = await client.getObjectRetention('records', 'r.pdf')
 */
export interface ObjectRetentionInfo {
  mode: RETENTION_MODES
  retainUntilDate: string
}

/**
 * Options of `setObjectLegalHold` (`status` defaults to 'ON', as in minio-js).
 * @example
 * await client.setObjectLegalHold('records', 'r.pdf', { status: 'OFF', versionId })
 */
export interface LegalHoldOptions {
  status?: LEGAL_HOLD_STATUS
  versionId?: string
}

/**
 * A legal hold as read.
 * @example
 * const { Status } = await client.getObjectLegalHold('records', 'r.pdf') // 'ON' | 'OFF'
 */
export interface LegalHoldInfo {
  Status: LEGAL_HOLD_STATUS
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'

async function putXml(
  t: Transport,
  bucket: string,
  key: string | undefined,
  query: Record<string, string>,
  xml: string,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const body = new TextEncoder().encode(xml)
  const headers = { ...extraHeaders, 'content-md5': md5Base64(body), 'content-type': 'application/xml' }
  await t.call({ method: 'PUT', bucket, key, query, headers, body }, discardBody)
}

function withVersion(name: string, versionId: unknown, argument: string): Record<string, string> {
  if (versionId === undefined || versionId === null || versionId === '') return { [name]: '' }
  if (typeof versionId !== 'string') {
    throw new InvalidArgumentError(`Invalid ${argument}.versionId: must be a string, got ${typeof versionId}`)
  }
  return { [name]: '', versionId }
}

/**
 * Enables object lock on the bucket with a default retention, or without one when `options` is
 * `{}`. mode, unit and validity must come together (minio-js's check).
 * @example
 * await setObjectLockConfig(transport, 'records', { mode: 'COMPLIANCE', unit: 'Years', validity: 7 })
 */
export async function setObjectLockConfig(
  t: Transport,
  bucketName: unknown,
  options: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  const opts = optionalObject<ObjectLockConfigOptions>(options, 'lockConfigOpts')
  const modes: unknown[] = Object.values(RETENTION_MODES)
  const units: unknown[] = Object.values(RETENTION_VALIDITY_UNITS)
  if (opts.mode && !modes.includes(opts.mode)) {
    throw new TypeError(`lockConfigOpts.mode should be one of ${modes.join(',')}`)
  }
  if (opts.unit && !units.includes(opts.unit)) {
    throw new TypeError(`lockConfigOpts.unit should be one of ${units.join(',')}`)
  }
  if (
    opts.validity !== undefined &&
    (typeof opts.validity !== 'number' || !Number.isInteger(opts.validity))
  ) {
    throw new TypeError('lockConfigOpts.validity should be an integer number')
  }
  const keys = Object.keys(opts)
  let rule = ''
  if (keys.length > 0) {
    if (!['mode', 'unit', 'validity'].every((k) => keys.includes(k))) {
      throw new TypeError(
        'lockConfigOpts.mode, lockConfigOpts.unit and lockConfigOpts.validity must all be given (or none)',
      )
    }
    rule = elementXml('Rule', {
      DefaultRetention: { Mode: opts.mode, [opts.unit === 'Years' ? 'Years' : 'Days']: opts.validity },
    })
  }
  const xml = `<ObjectLockConfiguration xmlns="${XMLNS}"><ObjectLockEnabled>Enabled</ObjectLockEnabled>${rule}</ObjectLockConfiguration>`
  await putXml(t, bucketName, undefined, { 'object-lock': '' }, xml)
}

/**
 * The bucket's lock configuration: `{ objectLockEnabled }` and, with a default retention,
 * `mode`, `unit` and `validity` (`S3Error` `ObjectLockConfigurationNotFoundError` when the
 * bucket has no lock).
 * @example
 * const config = await getObjectLockConfig(transport, 'records')
 */
export async function getObjectLockConfig(t: Transport, bucketName: unknown): Promise<ObjectLockInfo> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { 'object-lock': '' } }, async (res) => {
    const root = await parseMinioXml(await res.text(), 'ObjectLockConfiguration')
    const info: ObjectLockInfo = {}
    if (Object.keys(root).length === 0) return info
    info.objectLockEnabled = root.ObjectLockEnabled as 'Enabled'
    const retention = (root.Rule as { DefaultRetention?: Record<string, unknown> } | undefined)
      ?.DefaultRetention
    if (retention) {
      info.mode = retention.Mode as RETENTION_MODES
      if (retention.Years) {
        info.validity = retention.Years as number
        info.unit = 'Years'
      } else {
        info.validity = retention.Days as number
        info.unit = 'Days'
      }
    }
    return info
  })
}

/**
 * Sets an object version's retention (mode and date).
 * @example
 * await putObjectRetention(transport, 'records', 'r.pdf', { mode: 'GOVERNANCE', retainUntilDate })
 */
export async function putObjectRetention(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  retentionOpts: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const opts = optionalObject<RetentionOptions>(retentionOpts, 'retentionOpts')
  if (opts.governanceBypass !== undefined && typeof opts.governanceBypass !== 'boolean') {
    throw new InvalidArgumentError(`Invalid value for governanceBypass: ${String(opts.governanceBypass)}`)
  }
  if (opts.mode && !(Object.values(RETENTION_MODES) as unknown[]).includes(opts.mode)) {
    throw new InvalidArgumentError(`Invalid object retention mode: ${String(opts.mode)}`)
  }
  if (opts.retainUntilDate !== undefined && typeof opts.retainUntilDate !== 'string') {
    throw new InvalidArgumentError(`Invalid value for retainUntilDate: ${String(opts.retainUntilDate)}`)
  }
  const query = withVersion('retention', opts.versionId, 'retentionOpts')
  const xml = `<Retention xmlns="${XMLNS}">${elementXml('Mode', opts.mode || undefined)}${elementXml('RetainUntilDate', opts.retainUntilDate || undefined)}</Retention>`
  const headers: Record<string, string> = opts.governanceBypass
    ? { 'x-amz-bypass-governance-retention': 'true' }
    : {}
  await putXml(t, bucketName, objectName, query, xml, headers)
}

/**
 * An object version's retention `{ mode, retainUntilDate }` (`S3Error`
 * `NoSuchObjectLockConfiguration` when it has none).
 * @example
 * const { retainUntilDate } = await getObjectRetention(transport, 'records', 'r.pdf', { versionId })
 */
export async function getObjectRetention(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  getOpts: unknown,
): Promise<ObjectRetentionInfo> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const opts = optionalObject<{ versionId?: string }>(getOpts, 'getOpts')
  const query = withVersion('retention', opts.versionId, 'getOpts')
  return t.call({ method: 'GET', bucket: bucketName, key: objectName, query }, async (res) => {
    const root = await parseMinioXml(await res.text(), 'Retention')
    return { mode: root.Mode as RETENTION_MODES, retainUntilDate: root.RetainUntilDate as string }
  })
}

/**
 * Places ('ON', the default) or releases ('OFF') a legal hold on an object version.
 * @example
 * await setObjectLegalHold(transport, 'records', 'r.pdf', { status: 'ON' })
 */
export async function setObjectLegalHold(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  setOpts: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const opts =
    setOpts === undefined
      ? { status: LEGAL_HOLD_STATUS.ENABLED }
      : optionalObject<LegalHoldOptions>(setOpts, 'setOpts')
  if (!(Object.values(LEGAL_HOLD_STATUS) as unknown[]).includes(opts.status)) {
    throw new TypeError(`Invalid status: ${String(opts.status)} (must be 'ON' or 'OFF')`)
  }
  const query = withVersion('legal-hold', opts.versionId, 'setOpts')
  await putXml(
    t,
    bucketName,
    objectName,
    query,
    `<LegalHold xmlns="${XMLNS}"><Status>${opts.status}</Status></LegalHold>`,
  )
}

/**
 * An object version's legal hold `{ Status: 'ON' | 'OFF' }`.
 * @example
 * const { Status } = await getObjectLegalHold(transport, 'records', 'r.pdf')
 */
export async function getObjectLegalHold(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  getOpts: unknown,
): Promise<LegalHoldInfo> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const opts = optionalObject<{ versionId?: string }>(getOpts, 'getOpts')
  const query = withVersion('legal-hold', opts.versionId, 'getOpts')
  return t.call({ method: 'GET', bucket: bucketName, key: objectName, query }, async (res) => {
    const root = await parseMinioXml(await res.text(), 'LegalHold')
    return root as unknown as LegalHoldInfo
  })
}
