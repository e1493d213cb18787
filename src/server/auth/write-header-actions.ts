import type { S3Action } from '../../shared/policy/index.js'
import type { HeaderReader } from './sse-headers.js'

/** Writes that create a version and take the object lock headers. */
const LOCKING_WRITES: ReadonlySet<string> = new Set([
  'PutObject',
  'CopyObject',
  'CreateMultipartUpload',
  'PostObject',
])

/**
 * The permissions a write needs besides its operation's for the headers it carries, as S3 asks
 * them: `x-amz-object-lock-mode` / `-retain-until-date` need s3:PutObjectRetention and
 * `x-amz-object-lock-legal-hold` s3:PutObjectLegalHold on the written key. Without them a caller
 * allowed only s3:PutObject could store COMPLIANCE versions that nobody, the root included, may
 * remove before their date. Tags the write sets (`x-amz-tagging`) need s3:PutObjectTagging, as
 * on S3, so a Deny of s3:PutObjectTagging is not passed by writing the object again with the
 * tags. POST Object's form fields are read as the headers (`read`).
 *
 * @example writeHeaderActions('PutObject', (n) => ({ 'x-amz-object-lock-legal-hold': 'ON' })[n]) // ['s3:PutObjectLegalHold']
 */
export function writeHeaderActions(operation: string, read: HeaderReader): S3Action[] {
  if (!LOCKING_WRITES.has(operation)) return []
  const actions: S3Action[] = []
  if (
    read('x-amz-object-lock-mode') !== undefined ||
    read('x-amz-object-lock-retain-until-date') !== undefined
  ) {
    actions.push('s3:PutObjectRetention')
  }
  if (read('x-amz-object-lock-legal-hold') !== undefined) actions.push('s3:PutObjectLegalHold')
  if (setsTags(operation, read)) actions.push('s3:PutObjectTagging')
  return actions
}

/**
 * Whether a write sets the new object's tags from the request: `x-amz-tagging` (POST Object's
 * `tagging` field), on CopyObject only with `x-amz-tagging-directive: REPLACE`.
 */
function setsTags(operation: string, read: HeaderReader): boolean {
  if (operation === 'PostObject') return read('tagging') !== undefined
  if (read('x-amz-tagging') === undefined) return false
  return operation !== 'CopyObject' || read('x-amz-tagging-directive')?.toUpperCase() === 'REPLACE'
}
