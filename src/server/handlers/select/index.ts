import type { S3Operation } from '../../../shared/policy/operations.js'
import type { Handler } from '../../context.js'
import { handleSelectObjectContent } from './select-object-content.js'

/** S3 Select (`POST ?select&select-type=2`). */
export const SELECT_HANDLERS: Partial<Record<S3Operation, Handler>> = {
  SelectObjectContent: handleSelectObjectContent,
}
