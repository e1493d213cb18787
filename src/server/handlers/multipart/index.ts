import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleAbortMultipartUpload } from './abort-multipart-upload.js'
import { handleCompleteMultipartUpload } from './complete-multipart-upload.js'
import { handleCreateMultipartUpload } from './create-multipart-upload.js'
import { handleListMultipartUploads } from './list-multipart-uploads.js'
import { handleListParts } from './list-parts.js'
import { handleUploadPart } from './upload-part.js'
import { handleUploadPartCopy } from './upload-part-copy.js'

/** Multipart uploads: create, parts (uploaded or copied), complete, abort, and their listings. */
export const MULTIPART_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  CreateMultipartUpload: handleCreateMultipartUpload,
  UploadPart: handleUploadPart,
  UploadPartCopy: handleUploadPartCopy,
  CompleteMultipartUpload: handleCompleteMultipartUpload,
  AbortMultipartUpload: handleAbortMultipartUpload,
  ListParts: handleListParts,
  ListMultipartUploads: handleListMultipartUploads,
}
