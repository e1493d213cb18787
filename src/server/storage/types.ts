/**
 * The object layer's types under their old module and name (issue 13 moved them to
 * object-layer.ts and named the interface ObjectLayer). Kept for the importers outside the
 * storage area that have not moved yet (events, IAM, configuration, the server context); new code
 * imports object-layer.ts.
 */
import type { ObjectLayer } from './object-layer.js'

export type {
  BucketInfo,
  ByteRange,
  CompleteMultipartUploadInput,
  CopyObjectInput,
  CreateMultipartUploadInput,
  GetObjectResult,
  ListMultipartUploadsInput,
  ListMultipartUploadsResult,
  ListObjectsInput,
  ListObjectsResult,
  ListPartsInput,
  ListPartsResult,
  ObjectInfo,
  PartInfo,
  PutObjectInput,
  UploadInfo,
  UploadPartInput,
} from './object-layer.js'

/** @deprecated The object layer: use {@link ObjectLayer} from object-layer.ts. */
export type StorageBackend = ObjectLayer
