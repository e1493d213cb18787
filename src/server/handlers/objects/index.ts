import type { Handler } from '../../context.js'
import type { S3Operation } from '../../router/route-table.js'
import { handleDeleteObject } from './delete-object.js'
import { handleGetObject } from './get-object.js'
import { handleHeadObject } from './head-object.js'
import { handlePutObject } from './put-object.js'

/** Single-object operations. */
export const OBJECT_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PutObject: handlePutObject,
  GetObject: handleGetObject,
  HeadObject: handleHeadObject,
  DeleteObject: handleDeleteObject,
}
