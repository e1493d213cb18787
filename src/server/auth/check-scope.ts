import type { S3ErrorCode } from '../../shared/errors/catalogue.js'
import type { SigV4Credential } from '../../shared/sigv4/credential.js'
import { S3ServerError } from '../errors.js'

/**
 * Checks a credential scope against the request date and the server's region.
 * An empty credential region is accepted: some clients (madmin) sign with one. With no region
 * configured (`region` '') any region is accepted, as MinIO's `isValidRegion`: clients sign for
 * the region of the bucket (its LocationConstraint), which may be any. The region is still part
 * of the signing key, so this widens no access: the signature must verify for that region.
 */
export function checkScope(
  credential: SigV4Credential,
  amzDate: string,
  region: string,
  code: S3ErrorCode,
): void {
  if (credential.date !== amzDate.slice(0, 8)) {
    throw new S3ServerError(
      code,
      `Invalid credential date '${credential.date}': it is not the date of the request (${amzDate}).`,
    )
  }
  if (region !== '' && credential.region !== '' && credential.region !== region) {
    throw new S3ServerError(
      code,
      `The authorization region '${credential.region}' is wrong; expecting '${region}'.`,
      {
        Region: region,
      },
    )
  }
  if (credential.service !== 's3') {
    throw new S3ServerError(code, `The credential service '${credential.service}' is wrong; expecting 's3'.`)
  }
}

/** Throws InvalidAccessKeyId unless `secret` was found. */
export function requireSecret(secret: string | undefined, accessKey: string): string {
  if (secret === undefined) {
    throw new S3ServerError(
      'InvalidAccessKeyId',
      'The access key ID you provided does not exist in our records.',
      {
        AWSAccessKeyId: accessKey,
      },
    )
  }
  return secret
}
