import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleCopyObject } from './copy-object.js'
import { handleDeleteObject } from './delete-object.js'
import { handleDeleteObjects } from './delete-objects.js'
import { handleGetObject } from './get-object.js'
import { handleGetObjectAttributes } from './get-object-attributes.js'
import { handleHeadObject } from './head-object.js'
import { handlePutObject } from './put-object.js'

/** Single-object operations, plus DeleteObjects (many single deletes in one request). */
export const OBJECT_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutObject: handlePutObject,
  GetObject: handleGetObject,
  HeadObject: handleHeadObject,
  GetObjectAttributes: handleGetObjectAttributes,
  DeleteObject: handleDeleteObject,
  CopyObject: handleCopyObject,
  DeleteObjects: handleDeleteObjects,
}
