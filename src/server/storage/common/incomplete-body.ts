import { S3ServerError } from '../../errors.js'

/** IncompleteBody: `received` bytes arrived where `declared` were announced. */
export function incompleteBody(declared: number, received: number): S3ServerError {
  const what = received > declared ? `more than ${declared}` : `${received} of ${declared}`
  return new S3ServerError('IncompleteBody', `Received ${what} declared bytes.`)
}
