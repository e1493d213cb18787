import { S3ServerError } from '../../errors.js'
import { checkKeyParam } from './query-params.js'

// Versioned so the token's meaning can change without old tokens being misread.
const VERSION = '1:'

/**
 * ListObjectsV2's opaque continuation token: where the next page starts (the last key or
 * common prefix of this one), base64url so it is one opaque word to clients.
 *
 * @example decodeContinuationToken(encodeContinuationToken('photos/2024/')) // 'photos/2024/'
 */
export function encodeContinuationToken(startAfter: string): string {
  return Buffer.from(VERSION + startAfter, 'utf8').toString('base64url')
}

/** The position a token names; InvalidArgument for anything we did not issue. */
export function decodeContinuationToken(token: string): string {
  const text = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : ''
  if (!text.startsWith(VERSION)) {
    throw new S3ServerError('InvalidArgument', 'The continuation token provided is incorrect', {
      ArgumentName: 'continuation-token',
      ArgumentValue: token,
    })
  }
  const position = text.slice(VERSION.length)
  checkKeyParam('continuation-token', position, token)
  return position
}
