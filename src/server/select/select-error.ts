import type { SELECT_ERRORS } from '../../shared/errors/select-catalogue.js'
import { S3ServerError } from '../errors.js'

/** A code from S3 Select's part of the catalogue. */
export type SelectErrorCode = keyof typeof SELECT_ERRORS

/** An S3 Select error (400) whose message names what was wrong. */
export function selectError(code: SelectErrorCode, message: string): S3ServerError {
  return new S3ServerError(code, message)
}
