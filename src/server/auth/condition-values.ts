import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { ConditionValues, S3Operation } from '../../shared/policy/index.js'
import { isPresignedQuery } from '../../shared/sigv4/presigned-query.js'
import { parseAmzDate } from '../../shared/sigv4/scope.js'
import type { S3Route } from '../router/route-request.js'
import type { Identity } from './credentials.js'
import { isPresignedV2Query, isSigV2Authorization } from './sigv2/detect-sigv2.js'
import { parseDate } from './sigv2/request-time-v2.js'

type Operations = ReadonlySet<S3Operation | (string & {})>

// Where S3 supplies each request-header key (the "Actions, resources, and condition keys for
// Amazon S3" reference): a header sent to another operation (x-amz-acl on a GetObject) is not a
// condition value there, so `Null` and `...IfExists` behave as on S3. Operation names are
// strings so rows other issues add (PutBucketOwnershipControls) need no change here.
const ACL_WRITES: Operations = new Set([
  'CreateBucket',
  'PutBucketAcl',
  'PutObject',
  'PutObjectAcl',
  'CopyObject',
  'CreateMultipartUpload',
])
const OBJECT_WRITES: Operations = new Set(['PutObject', 'CopyObject', 'CreateMultipartUpload'])
const COPIES: Operations = new Set(['CopyObject', 'UploadPartCopy'])
const CONDITIONAL_WRITES: Operations = new Set(['PutObject', 'CompleteMultipartUpload'])

/** Condition key → the request header that carries it → where S3 supplies it. */
const HEADER_KEYS: ReadonlyArray<readonly [string, string, Operations]> = [
  ['s3:x-amz-acl', 'x-amz-acl', ACL_WRITES],
  ['s3:x-amz-grant-read', 'x-amz-grant-read', ACL_WRITES],
  ['s3:x-amz-grant-write', 'x-amz-grant-write', ACL_WRITES],
  ['s3:x-amz-grant-read-acp', 'x-amz-grant-read-acp', ACL_WRITES],
  ['s3:x-amz-grant-write-acp', 'x-amz-grant-write-acp', ACL_WRITES],
  ['s3:x-amz-grant-full-control', 'x-amz-grant-full-control', ACL_WRITES],
  ['s3:x-amz-storage-class', 'x-amz-storage-class', OBJECT_WRITES],
  ['s3:x-amz-server-side-encryption', 'x-amz-server-side-encryption', OBJECT_WRITES],
  [
    's3:x-amz-server-side-encryption-aws-kms-key-id',
    'x-amz-server-side-encryption-aws-kms-key-id',
    OBJECT_WRITES,
  ],
  [
    's3:x-amz-server-side-encryption-customer-algorithm',
    'x-amz-server-side-encryption-customer-algorithm',
    OBJECT_WRITES,
  ],
  ['s3:x-amz-website-redirect-location', 'x-amz-website-redirect-location', OBJECT_WRITES],
  ['s3:object-lock-mode', 'x-amz-object-lock-mode', OBJECT_WRITES],
  ['s3:object-lock-retain-until-date', 'x-amz-object-lock-retain-until-date', OBJECT_WRITES],
  ['s3:object-lock-legal-hold', 'x-amz-object-lock-legal-hold', OBJECT_WRITES],
  ['s3:x-amz-copy-source', 'x-amz-copy-source', COPIES],
  ['s3:x-amz-metadata-directive', 'x-amz-metadata-directive', new Set(['CopyObject'])],
  [
    's3:x-amz-object-ownership',
    'x-amz-object-ownership',
    new Set(['CreateBucket', 'PutBucketOwnershipControls']),
  ],
  ['s3:if-match', 'if-match', CONDITIONAL_WRITES],
  ['s3:if-none-match', 'if-none-match', CONDITIONAL_WRITES],
]

const LISTINGS: Operations = new Set([
  'ListObjects',
  'ListObjectsV2',
  'ListObjectVersions',
  'ListMultipartUploads',
])
// s3:ObjectCreationOperation, for the operations checked as s3:PutObject: true where the request
// makes an object, false for the steps of a multipart upload that do not.
const CREATES: Operations = new Set(['PutObject', 'PostObject', 'CopyObject', 'CompleteMultipartUpload'])
const PUT_STEPS: Operations = new Set(['CreateMultipartUpload', 'UploadPart', 'UploadPartCopy'])

/**
 * The condition values a policy sees for a request, spelt as `CONDITION_KEYS` spells them.
 * Keys that do not apply (no Referer, anonymous caller, not a listing, a header S3 does not
 * read for this operation) are left out, so `Null` and `...IfExists` conditions behave as on
 * AWS. Never filled, because no Silo request has them: access-point, VPC, MFA, account and
 * principal-tag keys; `s3:LocationConstraint` (in the CreateBucket body, read after
 * authorization). Not here, because they need storage or the body: `s3:ExistingObjectTag/<key>`
 * (authorize.ts reads the object's tags when a policy tests them) and PutObjectTagging's request
 * tags (its handler authorizes again with them, `bodyConditions`).
 *
 * @example conditionValues(req, route, identity, Date.now())['aws:SourceIp'] // '127.0.0.1'
 */
export function conditionValues(
  req: IncomingMessage,
  route: S3Route,
  identity: Identity,
  now: number,
): ConditionValues {
  const values: Record<string, string | string[]> = {
    'aws:SourceIp': req.socket.remoteAddress ?? '',
    'aws:SecureTransport': (req.socket as TLSSocket).encrypted === true ? 'true' : 'false',
    'aws:CurrentTime': new Date(now).toISOString(),
    'aws:EpochTime': String(Math.floor(now / 1000)),
    'aws:PrincipalType': identity.anonymous ? 'Anonymous' : identity.root ? 'Account' : 'User',
    'aws:PrincipalIsAWSService': 'false',
    'aws:ViaAWSService': 'false',
    's3:authType': authTypeOf(req, route),
  }
  setTransportKeys(values, req, route, now)
  // A browser POST is signed in its form (checked before the handler authorizes it).
  if (values['s3:authType'] === 'POST' && !identity.anonymous)
    values['s3:signatureversion'] = 'AWS4-HMAC-SHA256'
  setHeader(values, 'aws:UserAgent', req.headers['user-agent'])
  setHeader(values, 'aws:Referer', req.headers.referer)
  setHeader(values, 's3:x-amz-content-sha256', req.headers['x-amz-content-sha256'])
  if (!identity.anonymous) {
    values['aws:username'] = identity.accessKey
    values['aws:userid'] = identity.accessKey
  }
  for (const [key, header, operations] of HEADER_KEYS) {
    if (operations.has(route.operation)) setHeader(values, key, req.headers[header])
  }
  if (OBJECT_WRITES.has(route.operation)) setRequestTags(values, req.headers['x-amz-tagging'])
  if (CREATES.has(route.operation)) values['s3:ObjectCreationOperation'] = 'true'
  else if (PUT_STEPS.has(route.operation)) values['s3:ObjectCreationOperation'] = 'false'
  for (const [name, value] of route.query) {
    if (LISTINGS.has(route.operation) && (name === 'prefix' || name === 'delimiter' || name === 'max-keys')) {
      values[`s3:${name}`] = value
    }
    if (route.level === 'object' && name === 'versionId') values['s3:VersionId'] = value
  }
  return values
}

/** Signature version and age (signed requests only) and the TLS version (TLS only). */
function setTransportKeys(
  values: Record<string, string | string[]>,
  req: IncomingMessage,
  route: S3Route,
  now: number,
): void {
  const authType = values['s3:authType']
  if (authType === 'REST-HEADER' || authType === 'REST-QUERY-STRING') {
    values['s3:signatureversion'] = isSignedWithV2(req, route, authType) ? 'AWS' : 'AWS4-HMAC-SHA256'
    const signedAt = signingTimeOf(req, route, authType)
    if (signedAt !== undefined) values['s3:signatureAge'] = String(Math.max(0, now - signedAt))
  }
  const socket = req.socket as Partial<TLSSocket>
  const protocol = socket.encrypted === true ? socket.getProtocol?.() : undefined
  // 'TLSv1.3' → '1.3': S3 compares the key with numeric operators.
  if (typeof protocol === 'string' && /^TLSv\d/.test(protocol)) values['s3:TlsVersion'] = protocol.slice(4)
}

/** Signature Version 2 (`s3:signatureversion` 'AWS'), told apart the way authenticate() does. */
function isSignedWithV2(req: IncomingMessage, route: S3Route, authType: string): boolean {
  if (authType === 'REST-HEADER') return isSigV2Authorization(String(req.headers.authorization))
  return !isPresignedQuery(route.query)
}

/**
 * When the request was signed; authentication already checked this time against the clock.
 * A V2 presigned URL carries only its expiry, so it has no signature age.
 */
function signingTimeOf(req: IncomingMessage, route: S3Route, authType: string): number | undefined {
  if (authType === 'REST-QUERY-STRING') {
    const date = route.query.find(([name]) => name === 'X-Amz-Date')?.[1]
    return date === undefined ? undefined : parseAmzDate(date)
  }
  const amz = req.headers['x-amz-date']
  // A V2 x-amz-date is an HTTP date.
  if (typeof amz === 'string') return parseDate(amz)
  const date = typeof req.headers.date === 'string' ? Date.parse(req.headers.date) : Number.NaN
  return Number.isNaN(date) ? undefined : date
}

/**
 * `x-amz-tagging` (URL-encoded `k=v&k2=v2`) as `s3:RequestObjectTag/<k>` and the multi-valued
 * `s3:RequestObjectTagKeys`.
 */
function setRequestTags(
  values: Record<string, string | string[]>,
  header: string | string[] | undefined,
): void {
  if (typeof header !== 'string' || header === '') return
  const keys: string[] = []
  for (const [key, value] of new URLSearchParams(header)) {
    if (key === '') continue
    keys.push(key)
    values[`s3:RequestObjectTag/${key}`] = value
  }
  if (keys.length > 0) values['s3:RequestObjectTagKeys'] = keys
}

function authTypeOf(req: IncomingMessage, route: S3Route): string {
  if (route.operation === 'PostObject') return 'POST'
  if (typeof req.headers.authorization === 'string' && req.headers.authorization !== '') return 'REST-HEADER'
  if (route.query.some(([name]) => name === 'X-Amz-Signature') || isPresignedV2Query(route.query))
    return 'REST-QUERY-STRING'
  return 'Anonymous'
}

function setHeader(
  values: Record<string, string | string[]>,
  key: string,
  value: string | string[] | undefined,
): void {
  if (typeof value === 'string') values[key] = value
  else if (Array.isArray(value) && value.length > 0) values[key] = value.join(',')
}
