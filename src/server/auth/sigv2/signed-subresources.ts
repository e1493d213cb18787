/**
 * The query parameters a Signature Version 2 signature covers (its CanonicalizedResource):
 * MinIO's list (cmd/signature-v2.go, which minio-go signs too) joined with botocore's
 * (`HmacV1Auth.QSAOfInterest`, what the AWS CLI v1 signs), so a parameter either client signs
 * is signed here. Every other query parameter is outside the signature.
 */
export const SIGV2_SIGNED_SUBRESOURCES: ReadonlySet<string> = new Set([
  // MinIO
  'acl',
  'cors',
  'delete',
  'encryption',
  'legal-hold',
  'lifecycle',
  'location',
  'logging',
  'notification',
  'partNumber',
  'policy',
  'replication',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'retention',
  'select',
  'select-type',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
  // botocore's besides
  'accelerate',
  'analytics',
  'defaultObjectAcl',
  'inventory',
  'metrics',
  'object-lock',
  'restore',
  'storageClass',
])
