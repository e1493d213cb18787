/**
 * Argument checks shared by the listing methods. They throw synchronously: a listing returns its
 * stream at once, so there is no Promise or callback to carry the error (minio-js does the same).
 */
import { isValidPrefix } from '../../../shared/names.js'
import { InvalidArgumentError, InvalidPrefixError } from '../../errors.js'
import { assertBucketName } from '../../validate.js'

/** The checked arguments of a listing. */
export interface ListingArgs {
  bucket: string
  prefix: string
  /** '' when recursive, '/' for a directory-style listing. */
  delimiter: string
}

/**
 * Validates bucket, prefix and recursive; applies the defaults '' and false.
 * @example
 * const { bucket, prefix, delimiter } = listingArgs('photos', '2024/', false)
 */
export function listingArgs(bucket: unknown, prefix: unknown, recursive: unknown): ListingArgs {
  assertBucketName(bucket)
  const p = prefix ?? ''
  if (!isValidPrefix(p)) {
    throw new InvalidPrefixError(
      `Invalid prefix ${JSON.stringify(p)}: must be a string of at most 1024 bytes`,
    )
  }
  const r = recursive ?? false
  if (typeof r !== 'boolean') {
    throw new InvalidArgumentError(`Invalid recursive: must be a boolean, got ${String(r)} (${typeof r})`)
  }
  return { bucket, prefix: p, delimiter: r ? '' : '/' }
}

/**
 * Validates an optional page size (`MaxKeys`, 1 to 1000; S3 never returns more per page).
 * @example
 * pageSize(undefined) // '1000'
 */
export function pageSize(maxKeys: unknown): string {
  if (maxKeys === undefined || maxKeys === null) return '1000'
  if (typeof maxKeys !== 'number' || !Number.isInteger(maxKeys) || maxKeys < 1 || maxKeys > 1000) {
    throw new InvalidArgumentError(
      `Invalid MaxKeys: must be an integer from 1 to 1000, got ${String(maxKeys)}`,
    )
  }
  return String(maxKeys)
}
