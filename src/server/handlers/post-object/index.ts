import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handlePostObject } from './handle-post-object.js'

/** Browser form uploads (POST Object). */
export const POST_OBJECT_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  PostObject: handlePostObject,
}
