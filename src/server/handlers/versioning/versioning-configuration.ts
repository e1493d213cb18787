import type { XmlElement, XmlValue } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'
import { renderXml } from '../../response/xml.js'
import type { VersioningState } from './bucket-versioning.js'

/**
 * Reads a `VersioningConfiguration` as S3 does: `Status` Enabled or Suspended (MalformedXML for
 * anything else or none). `MfaDelete` Enabled is 501 NotImplemented (Silo has no MFA devices);
 * `Disabled` is what every bucket has and is accepted.
 *
 * @example parseVersioningConfiguration({ Status: 'Enabled' }) // 'Enabled'
 */
export function parseVersioningConfiguration(doc: XmlElement): VersioningState {
  const mfaDelete = text(doc.MfaDelete)
  if (doc.MfaDelete !== undefined && mfaDelete !== 'Disabled') {
    if (mfaDelete === 'Enabled') {
      throw new S3ServerError(
        'NotImplemented',
        'Silo does not implement MFA delete (MfaDelete Enabled in VersioningConfiguration).',
      )
    }
    throw new S3ServerError('MalformedXML', 'MfaDelete must be Enabled or Disabled.')
  }
  const status = text(doc.Status)
  if (status !== 'Enabled' && status !== 'Suspended') {
    throw new S3ServerError('MalformedXML', 'The VersioningConfiguration needs Status Enabled or Suspended.')
  }
  return status
}

/**
 * GetBucketVersioning's answer: an empty `VersioningConfiguration` for a bucket that never had
 * versioning (as S3), else its Status.
 *
 * @example sendXml(res, 200, renderVersioningConfiguration('Enabled'))
 */
export function renderVersioningConfiguration(state: VersioningState | undefined): string {
  return renderXml('VersioningConfiguration', state === undefined ? {} : { Status: state })
}

function text(value: XmlValue | XmlValue[] | undefined): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined
}
