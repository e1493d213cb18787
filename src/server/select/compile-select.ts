import { S3ServerError } from '../errors.js'
import type { CompiledSelect, SelectRequest } from './types.js'

/**
 * Parses and checks the SQL and the options before any byte is read; throws S3ServerError with
 * S3's codes (400) for a bad query or options, NotImplemented for what Silo does not support.
 */
export function compileSelect(request: SelectRequest): CompiledSelect {
  throw new S3ServerError(
    'NotImplemented',
    `S3 Select is not implemented yet (${request.input.format} input)`,
  )
}
