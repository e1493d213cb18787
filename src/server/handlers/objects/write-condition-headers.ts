import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../../errors.js'
import type { WriteCondition } from '../../storage/common/write-condition.js'

/**
 * A PUT's or CompleteMultipartUpload's conditional-write headers (S3's conditional writes):
 * `If-None-Match: *` or `If-Match: <etag>`, passed to storage, which checks them where the write
 * commits. S3 takes no other If-None-Match value and not both headers at once: 501
 * NotImplemented, before anything is read or written.
 *
 * @example const condition = readWriteCondition(req.headers)
 */
export function readWriteCondition(headers: IncomingHttpHeaders): WriteCondition | undefined {
  const ifMatch = single(headers['if-match'])
  const ifNoneMatch = single(headers['if-none-match'])
  if (ifMatch === undefined && ifNoneMatch === undefined) return undefined
  if (ifMatch !== undefined && ifNoneMatch !== undefined) {
    throw new S3ServerError(
      'NotImplemented',
      'If-Match and If-None-Match together are not supported on writes.',
      {
        Header: 'If-Match, If-None-Match',
      },
    )
  }
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() !== '*') {
      throw new S3ServerError('NotImplemented', 'If-None-Match on a write takes only the value *.', {
        Header: 'If-None-Match',
      })
    }
    return { ifNoneMatch: '*' }
  }
  return { ifMatch }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value
}
