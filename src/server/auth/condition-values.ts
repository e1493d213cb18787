import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { ConditionValues } from '../../shared/policy/index.js'
import type { S3Route } from '../router/route-request.js'
import type { Identity } from './credentials.js'

// Request headers that are condition keys of their own (`s3:<header>`), as on AWS.
const HEADER_KEYS = [
  'x-amz-acl',
  'x-amz-copy-source',
  'x-amz-metadata-directive',
  'x-amz-storage-class',
  'x-amz-server-side-encryption',
  'x-amz-server-side-encryption-aws-kms-key-id',
  'x-amz-server-side-encryption-customer-algorithm',
  'x-amz-content-sha256',
] as const

const LISTINGS = new Set(['ListObjects', 'ListObjectsV2', 'ListObjectVersions', 'ListMultipartUploads'])

/**
 * The condition values a policy sees for a request, spelt as `CONDITION_KEYS` spells them.
 * Keys that do not apply (no Referer, anonymous caller, not a listing) are left out, so
 * `Null` and `...IfExists` conditions behave as on AWS. `s3:LocationConstraint` (in the
 * CreateBucket body) is not filled: the body is read after authorization.
 *
 * @example conditionValues(req, route, identity, Date.now())['aws:SourceIp'] // '127.0.0.1'
 */
export function conditionValues(
  req: IncomingMessage,
  route: S3Route,
  identity: Identity,
  now: number,
): ConditionValues {
  const values: Record<string, string> = {
    'aws:SourceIp': req.socket.remoteAddress ?? '',
    'aws:SecureTransport': (req.socket as TLSSocket).encrypted === true ? 'true' : 'false',
    'aws:CurrentTime': new Date(now).toISOString(),
    'aws:EpochTime': String(Math.floor(now / 1000)),
    'aws:PrincipalType': identity.anonymous ? 'Anonymous' : identity.root ? 'Account' : 'User',
    's3:authType': authTypeOf(req, route),
  }
  if (values['s3:authType'] !== 'Anonymous') values['s3:signatureversion'] = 'AWS4-HMAC-SHA256'
  setHeader(values, 'aws:UserAgent', req.headers['user-agent'])
  setHeader(values, 'aws:Referer', req.headers.referer)
  if (!identity.anonymous) {
    values['aws:username'] = identity.accessKey
    values['aws:userid'] = identity.accessKey
  }
  for (const header of HEADER_KEYS) setHeader(values, `s3:${header}`, req.headers[header])
  if (LISTINGS.has(route.operation)) {
    for (const [name, value] of route.query) {
      if (name === 'prefix' || name === 'delimiter' || name === 'max-keys') values[`s3:${name}`] = value
    }
  }
  return values
}

function authTypeOf(req: IncomingMessage, route: S3Route): string {
  if (typeof req.headers.authorization === 'string' && req.headers.authorization !== '') return 'REST-HEADER'
  if (route.query.some(([name]) => name === 'X-Amz-Signature')) return 'REST-QUERY-STRING'
  return 'Anonymous'
}

function setHeader(values: Record<string, string>, key: string, value: string | string[] | undefined): void {
  if (typeof value === 'string') values[key] = value
  else if (Array.isArray(value) && value.length > 0) values[key] = value.join(',')
}
