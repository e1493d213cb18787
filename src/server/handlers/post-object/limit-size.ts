/**
 * Holds a streamed file to the policy's `content-length-range` while it flows into storage:
 * the first byte past `max` fails the upload (EntityTooLarge), an end before `min` too
 * (EntityTooSmall). Storage commits only a body that ends without error, so nothing is stored.
 */
import type { Readable } from 'node:stream'
import { S3ServerError } from '../../errors.js'
import type { SizeRange } from './check-conditions.js'
import { readFormFile } from './read-form.js'

/**
 * Yields `source`'s chunks while the total stays within `range`.
 * @example
 * await storage.putObject({ bucket, key, body: limitSize(file, { min: 1, max: 1024 }) })
 */
export async function* limitSize(source: Readable, range: SizeRange): AsyncGenerator<Uint8Array> {
  let size = 0
  for await (const chunk of readFormFile(source)) {
    size += chunk.length
    if (size > range.max) {
      source.destroy()
      throw new S3ServerError(
        'EntityTooLarge',
        `Your proposed upload exceeds the maximum size the policy allows (${range.max} bytes).`,
        { MaxSizeAllowed: String(range.max) },
      )
    }
    yield chunk
  }
  if (size < range.min) {
    throw new S3ServerError(
      'EntityTooSmall',
      `Your proposed upload of ${size} bytes is smaller than the minimum the policy allows (${range.min} bytes).`,
      { MinSizeAllowed: String(range.min) },
    )
  }
}
