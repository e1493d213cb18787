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
 * remove before their date. POST Object's form fields are read as the headers (`read`).
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
  return actions
}
