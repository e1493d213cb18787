import type { S3ErrorCode } from '../errors/catalogue.js'
import { SCOPE_TERMINATOR } from './constants.js'
import { SigV4Error } from './errors.js'

/** A parsed `Credential` value: `<accessKey>/<yyyymmdd>/<region>/<service>/aws4_request`. */
export interface SigV4Credential {
  accessKey: string
  /** `yyyymmdd`. */
  date: string
  /** May be empty: some clients (madmin) sign with an empty region. */
  region: string
  service: string
  /** Everything after the access key, as signed in the string to sign. */
  scope: string
}

const DATE8 = /^\d{8}$/

/**
 * Parses a credential, splitting from the right so an access key may itself contain '/'.
 * Throws SigV4Error with `code` naming what was wrong.
 *
 * @example parseCredential('AKID/20130524/us-east-1/s3/aws4_request', 'AuthorizationHeaderMalformed')
 */
export function parseCredential(value: string, code: S3ErrorCode): SigV4Credential {
  const parts = value.split('/')
  if (parts.length < 5) {
    throw new SigV4Error(
      code,
      `the Credential '${value}' must have the form <key>/<date>/<region>/<service>/aws4_request`,
    )
  }
  const [date, region, service, terminator] = parts.slice(-4) as [string, string, string, string]
  const accessKey = parts.slice(0, -4).join('/')
  if (accessKey === '') throw new SigV4Error(code, 'the Credential has an empty access key')
  if (!DATE8.test(date)) throw new SigV4Error(code, `the Credential date '${date}' is not in yyyymmdd form`)
  if (terminator !== SCOPE_TERMINATOR) {
    throw new SigV4Error(code, `the Credential must end with '${SCOPE_TERMINATOR}', got '${terminator}'`)
  }
  if (service === '') throw new SigV4Error(code, 'the Credential has an empty service')
  return { accessKey, date, region, service, scope: `${date}/${region}/${service}/${terminator}` }
}
