import { SELECT_ERRORS } from './select-catalogue.js'

/**
 * The one catalogue of S3 error codes: code → HTTP status and default message.
 * The server renders these as XML error bodies; the SDK types `S3Error.code` from it.
 * Statuses and messages follow the S3 API reference ("Error responses").
 */
export const S3_ERRORS = {
  ...SELECT_ERRORS,
  AccessDenied: { status: 403, message: 'Access Denied.' },
  // An ACL other than the bucket owner's full control: Silo, like S3 by default (object
  // ownership BucketOwnerEnforced), does not do ACLs.
  AccessControlListNotSupported: { status: 400, message: 'The bucket does not allow ACLs' },
  // A CORS preflight no rule of the bucket's CORS configuration allows (S3's code for it).
  AccessForbidden: { status: 403, message: 'CORSResponse: This CORS request is not allowed.' },
  AuthorizationHeaderMalformed: {
    status: 400,
    message: 'The authorization header is malformed; the region is wrong or the header cannot be parsed.',
  },
  AuthorizationQueryParametersError: {
    status: 400,
    message: 'Error parsing the X-Amz-Credential parameter or another presigned query parameter.',
  },
  BadRequest: { status: 400, message: 'Bad Request.' },
  BadDigest: { status: 400, message: 'The Content-MD5 you specified did not match what we received.' },
  BucketAlreadyExists: {
    status: 409,
    message: 'The requested bucket name is not available. Select a different name and try again.',
  },
  BucketAlreadyOwnedByYou: {
    status: 409,
    message: 'Your previous request to create the named bucket succeeded and you already own it.',
  },
  BucketNotEmpty: { status: 409, message: 'The bucket you tried to delete is not empty.' },
  EntityTooLarge: { status: 400, message: 'Your proposed upload exceeds the maximum allowed object size.' },
  EntityTooSmall: {
    status: 400,
    message: 'Your proposed upload is smaller than the minimum allowed object size.',
  },
  ExpiredToken: { status: 400, message: 'The provided token has expired.' },
  IllegalLocationConstraintException: {
    status: 400,
    message: 'The specified location constraint is not valid for this server.',
  },
  IncompleteBody: {
    status: 400,
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  },
  InternalError: { status: 500, message: 'We encountered an internal error. Please try again.' },
  InvalidAccessKeyId: {
    status: 403,
    message: 'The access key ID you provided does not exist in our records.',
  },
  InvalidArgument: { status: 400, message: 'Invalid argument.' },
  InvalidBucketName: { status: 400, message: 'The specified bucket is not valid.' },
  // A request the bucket's current state does not allow (suspending versioning on an object-lock bucket).
  InvalidBucketState: {
    status: 409,
    message: 'The request is not valid with the current state of the bucket.',
  },
  InvalidDigest: { status: 400, message: 'The Content-MD5 you specified is not valid.' },
  // An SSE-C algorithm other than AES256 (S3's code for it).
  InvalidEncryptionAlgorithmError: {
    status: 400,
    message: 'The Encryption request you specified is not valid. Supported value: AES256.',
  },
  InvalidLocationConstraint: { status: 400, message: 'The specified location constraint is not valid.' },
  InvalidObjectName: { status: 400, message: 'The specified object name is not valid.' },
  InvalidPolicyDocument: {
    status: 400,
    message: 'The content of the form does not meet the conditions specified in the policy document.',
  },
  InvalidToken: { status: 400, message: 'The provided token is malformed or otherwise invalid.' },
  InvalidPart: {
    status: 400,
    message: 'One or more of the specified parts could not be found or its entity tag did not match.',
  },
  // 400 as S3 answers a GET/HEAD ?partNumber past the last part (issue 19), though the S3 error
  // table lists 416.
  InvalidPartNumber: { status: 400, message: 'The requested partnumber is not satisfiable.' },
  InvalidPartOrder: {
    status: 400,
    message: 'The list of parts was not in ascending order. Parts must be ordered by part number.',
  },
  InvalidRange: { status: 416, message: 'The requested range is not satisfiable.' },
  InvalidTag: { status: 400, message: 'The tag provided was not a valid tag.' },
  InvalidRequest: { status: 400, message: 'Invalid request.' },
  // SSE-S3 asked of a server without a master key (MinIO's code and status).
  KMSNotConfigured: {
    status: 501,
    message: 'Server side encryption specified but KMS is not configured.',
  },
  KeyTooLongError: { status: 400, message: 'Your key is too long.' },
  MalformedPOSTRequest: {
    status: 400,
    message: 'The body of your POST request is not well-formed multipart/form-data.',
  },
  MalformedXML: {
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema.',
  },
  MalformedPolicy: { status: 400, message: 'The policy is not valid.' },
  MalformedTrailerError: {
    status: 400,
    message:
      'The request contained trailing data that was not well-formed or did not conform to our published schema.',
  },
  MaxMessageLengthExceeded: { status: 400, message: 'Your request was too big.' },
  MaxPostPreDataLengthExceeded: {
    status: 400,
    message: 'Your POST request fields preceding the upload file were too large.',
  },
  MetadataTooLarge: {
    status: 400,
    message: 'Your metadata headers exceed the maximum allowed metadata size.',
  },
  MethodNotAllowed: { status: 405, message: 'The specified method is not allowed against this resource.' },
  MissingContentLength: { status: 411, message: 'You must provide the Content-Length HTTP header.' },
  MissingRequestBodyError: { status: 400, message: 'Request body is empty.' },
  MissingSecurityHeader: { status: 400, message: 'Your request is missing a required header.' },
  NoSuchBucket: { status: 404, message: 'The specified bucket does not exist.' },
  NoSuchBucketPolicy: { status: 404, message: 'The bucket policy does not exist.' },
  NoSuchCORSConfiguration: { status: 404, message: 'The CORS configuration does not exist.' },
  NoSuchLifecycleConfiguration: { status: 404, message: 'The lifecycle configuration does not exist' },
  NoSuchTagSet: { status: 404, message: 'The TagSet does not exist.' },
  // GetObjectRetention / GetObjectLegalHold of a version that has none (404 on S3).
  NoSuchObjectLockConfiguration: {
    status: 404,
    message: 'The specified object does not have a ObjectLock configuration.',
  },
  NoSuchPublicAccessBlockConfiguration: {
    status: 404,
    message: 'The public access block configuration was not found',
  },
  NoSuchKey: { status: 404, message: 'The specified key does not exist.' },
  NoSuchVersion: {
    status: 404,
    message: 'The specified version does not exist.',
  },
  NoSuchUpload: {
    status: 404,
    message:
      'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  },
  NotImplemented: {
    status: 501,
    message: 'A header or query you provided implies functionality that is not implemented.',
  },
  ObjectLockConfigurationNotFoundError: {
    status: 404,
    message: 'Object Lock configuration does not exist for this bucket',
  },
  OwnershipControlsNotFoundError: { status: 404, message: 'The bucket ownership controls were not found' },
  PreconditionFailed: {
    status: 412,
    message: 'At least one of the preconditions you specified did not hold.',
  },
  ReplicationConfigurationNotFoundError: {
    status: 404,
    message: 'The replication configuration was not found',
  },
  RequestTimeTooSkewed: {
    status: 403,
    message: "The difference between the request time and the server's time is too large.",
  },
  RequestTimeout: {
    status: 400,
    message:
      'Your socket connection to the server was not read from or written to within the timeout period.',
  },
  ServerSideEncryptionConfigurationNotFoundError: {
    status: 404,
    message: 'The server side encryption configuration was not found',
  },
  ServiceUnavailable: { status: 503, message: 'Reduce your request rate or try again later.' },
  SignatureDoesNotMatch: {
    status: 403,
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  },
  SlowDown: { status: 503, message: 'Reduce your request rate.' },
  UnsupportedNotification: {
    status: 400,
    message: 'Silo supports only QueueConfiguration notifications, not Topic or CloudFunction ones.',
  },
  XAmzContentSHA256Mismatch: {
    status: 400,
    message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  },
  NotModified: { status: 304, message: 'Not Modified.' },
  XSiloUserDisabled: {
    status: 403,
    message: 'The access key belongs to a disabled user; an administrator can enable it again.',
  },
  XSiloAdminNoSuchUser: { status: 404, message: 'The specified user does not exist.' },
  XSiloAdminNoSuchPolicy: { status: 404, message: 'The specified canned policy does not exist.' },
  XSiloAdminPolicyInUse: { status: 409, message: 'The canned policy is attached to users.' },
  XSiloAdminInvalidArgument: { status: 400, message: 'An argument of the admin request is not valid.' },
  XSiloAdminInvalidAccessKey: { status: 400, message: 'The access key is not valid.' },
  XSiloAdminInvalidSecretKey: { status: 400, message: 'The secret key is not valid.' },
  XSiloAdminRequestBodyParse: { status: 400, message: 'The admin request body is not the expected JSON.' },
  XSiloAdminBodyDecryptFailed: {
    status: 400,
    message: 'The request body could not be decrypted with the admin secret key.',
  },
  XSiloAdminConfigBadJSON: { status: 400, message: 'The server configuration is not valid.' },
  XSiloAdminConfigTooLarge: { status: 400, message: 'The server configuration is too large.' },
  XSiloHealNotImplemented: { status: 501, message: 'Heal applies only to erasure-coded setups.' },
  InvalidStorageClass: { status: 400, message: 'The storage class you specified is not valid.' },
  XSiloReadQuorum: { status: 503, message: 'Multiple disk failures, unable to reconstruct data.' },
  XSiloWriteQuorum: {
    status: 503,
    message: 'Too many drives are offline to store this write safely; nothing was stored.',
  },
  // MinIO's XMinioStorageFull: 507 Insufficient Storage (RFC 4918), so clients see a full disk
  // as its own condition, not as a server fault (500) or a drive outage (503).
  // Distributed mode (issue 17): a member still waiting for etcd or its peers' drives.
  XSiloServerNotInitialized: { status: 503, message: 'Server not initialized, please try again.' },
  XSiloStorageFull: {
    status: 507,
    message:
      'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.',
  },
  // Distributed mode (src/server/cluster): no server that owns the lock's slot granted it in
  // time, because the owner cannot be reached or etcd has lost its quorum (no owner can be
  // established). Nothing was changed; the request can be retried.
  XSiloLockUnavailable: {
    status: 503,
    message: 'A lock this request needs is unavailable: the cluster cannot coordinate now. Try again later.',
  },
  XSiloHealNoSuchProcess: { status: 400, message: 'No heal sequence is running on this path.' },
  XSiloHealInvalidClientToken: { status: 400, message: 'The heal client token does not match.' },
  XSiloHealMissingBucket: { status: 400, message: 'A heal prefix needs a bucket.' },
  XSiloHealAlreadyRunning: { status: 400, message: 'A heal sequence is already running on this path.' },
  XSiloHealOverlappingPaths: {
    status: 400,
    message: 'A heal sequence is already running on an overlapping path.',
  },
} as const satisfies Record<string, { status: number; message: string }>

/** A code in the S3 error catalogue. */
export type S3ErrorCode = keyof typeof S3_ERRORS

/** Guards a string as a catalogued S3 error code. */
export function isS3ErrorCode(code: string): code is S3ErrorCode {
  return Object.hasOwn(S3_ERRORS, code)
}

/** The HTTP status the catalogue assigns to `code` (500 for a code it does not know). */
export function statusOfErrorCode(code: string): number {
  return isS3ErrorCode(code) ? S3_ERRORS[code].status : 500
}
