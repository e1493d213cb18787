/** The platform's local files, or a clear error where there are none (browsers). */
import { platform } from '#platform'
import { InvalidArgumentError } from '../../errors.js'
import type { LocalFiles } from '../../platform/types.js'

/**
 * The file system for fPutObject / fGetObject.
 * @example
 * const files = localFiles('fPutObject')
 */
export function localFiles(method: string): LocalFiles {
  if (platform.files === undefined) {
    throw new InvalidArgumentError(
      `${method} needs a local file system (Node); in browsers use putObject with a File / getObject`,
    )
  }
  return platform.files
}

/**
 * Checks a file path argument.
 * @example
 * assertFilePath('/tmp/a.bin')
 */
export function assertFilePath(filePath: unknown): asserts filePath is string {
  if (typeof filePath !== 'string') throw new TypeError('filePath should be of type "string"')
  if (filePath === '') {
    throw new InvalidArgumentError(`Invalid filePath ${JSON.stringify(filePath)}: must be a non-empty string`)
  }
}
