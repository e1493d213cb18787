/**
 * Bucket versioning: `PUT /bucket?versioning` with a `<VersioningConfiguration>` (Status
 * Enabled / Suspended, optional MFADelete) and `GET /bucket?versioning`, read as minio-js reads
 * it ('' for a bucket never versioned, else `{ Status, MFADelete? }`).
 */
import { InvalidArgumentError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName } from '../../validate.js'
import { elementXml } from '../replication/element-xml.js'
import { parseMinioXml } from './minio-xml.js'

/**
 * A bucket's versioning state, as set and as read.
 * @example
 * await client.setBucketVersioning('photos', { Status: 'Enabled' })
 */
export interface BucketVersioningConfiguration {
  Status?: 'Enabled' | 'Suspended'
  MFADelete?: 'Enabled' | 'Disabled'
  [member: string]: unknown
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'

/**
 * Sets the bucket's versioning state. The config must be an object with at least one member
 * (minio-js's check); its members are written as elements in the order given.
 * @example
 * await setBucketVersioning(transport, 'photos', { Status: 'Suspended' })
 */
export async function setBucketVersioning(
  t: Transport,
  bucketName: unknown,
  versionConfig: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  if (
    typeof versionConfig !== 'object' ||
    versionConfig === null ||
    Array.isArray(versionConfig) ||
    Object.keys(versionConfig).length === 0
  ) {
    throw new InvalidArgumentError('versionConfig should be of type "object"')
  }
  let inner = ''
  for (const [name, value] of Object.entries(versionConfig)) inner += elementXml(name, value)
  const body = new TextEncoder().encode(
    `<VersioningConfiguration xmlns="${XMLNS}">${inner}</VersioningConfiguration>`,
  )
  const headers = { 'content-md5': md5Base64(body), 'content-type': 'application/xml' }
  await t.call({ method: 'PUT', bucket: bucketName, query: { versioning: '' }, headers, body }, discardBody)
}

/**
 * The bucket's versioning state: '' (as minio-js reads the empty element) when it was never
 * set, else `{ Status }` (and `MFADelete` when the server names it).
 * @example
 * const { Status } = await getBucketVersioning(transport, 'photos')
 */
export async function getBucketVersioning(
  t: Transport,
  bucketName: unknown,
): Promise<BucketVersioningConfiguration | ''> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { versioning: '' } }, async (res) => {
    const config = await parseMinioXml(await res.text(), 'VersioningConfiguration')
    // An empty <VersioningConfiguration/> reads as '' in minio-js; code may test it for truth.
    return Object.keys(config).length === 0 ? '' : (config as BucketVersioningConfiguration)
  })
}
