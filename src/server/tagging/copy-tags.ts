import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../errors.js'
import { requestTagHeaders } from './object-tags.js'

/**
 * CopyObject's tags: undefined keeps the source's (`x-amz-tagging-directive: COPY`, the
 * default), else the stored headers of `x-amz-tagging` (`REPLACE`; none sent: no tags).
 * InvalidArgument for another directive, and for `x-amz-tagging` without REPLACE: S3 would not
 * apply it, and a tag the caller believes set but is not is worse than an error.
 *
 * @example readCopyTags({ 'x-amz-tagging-directive': 'REPLACE', 'x-amz-tagging': 'a=1' })
 */
export function readCopyTags(headers: IncomingHttpHeaders): Record<string, string> | undefined {
  const directive = headers['x-amz-tagging-directive']
  const tagging = headers['x-amz-tagging']
  if (directive === 'REPLACE') return requestTagHeaders(tagging ?? '')
  if (directive !== undefined && directive !== 'COPY') {
    throw new S3ServerError('InvalidArgument', 'Unknown tagging directive.', {
      ArgumentName: 'x-amz-tagging-directive',
      ArgumentValue: String(directive),
    })
  }
  if (tagging !== undefined) {
    throw new S3ServerError(
      'InvalidArgument',
      'x-amz-tagging applies to a copy only with x-amz-tagging-directive: REPLACE; without it the copy keeps the source tags.',
      { ArgumentName: 'x-amz-tagging', ArgumentValue: String(tagging).slice(0, 256) },
    )
  }
  return undefined
}
