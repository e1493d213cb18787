/**
 * Copies one file or object through the SDK: upload with fPutObject (Content-Type from the file
 * extension, multipart with resume for large files), download with fGetObject (a part file
 * renamed into place when complete, so the target never holds a partial object), remote to
 * remote with copyObject on the same alias and a streamed get-and-put between aliases.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { CopyDestinationOptions, CopySourceOptions, type TransferProgress } from '../../index.js'
import type { CliContext } from '../context.js'
import { countBytes } from './count-bytes.js'
import {
  copyEncryption,
  type EncryptionKeys,
  NO_ENCRYPTION,
  readOptions,
  writeHeaders,
} from './encryption-keys.js'
import type { CopyJob } from './plan-copy.js'

/**
 * Runs one copy job; `onBytes` hears every newly transferred byte count; `keys` say which
 * objects are written with SSE-S3 or read and written with a customer key (`--enc-s3`, `--enc-c`).
 * @example
 * await copyOne(ctx, job, (n) => bar.add(n))
 */
export async function copyOne(
  ctx: CliContext,
  job: CopyJob,
  onBytes: (bytes: number) => void,
  keys: EncryptionKeys = NO_ENCRYPTION,
): Promise<void> {
  const { from, to } = job
  const source = keys.of(from)
  const target = keys.of(to)
  const onProgress = progressDeltas(onBytes)
  if (from.kind === 'local' && to.kind === 'remote') {
    const client = await ctx.client(to.alias)
    await client.fPutObject(to.bucket, to.key, from.path, writeHeaders(target), { onProgress })
    return
  }
  if (from.kind === 'remote' && to.kind === 'local') {
    const client = await ctx.client(from.alias)
    await mkdir(dirname(to.path), { recursive: true })
    await client.fGetObject(from.bucket, from.key, to.path, { onProgress, ...readOptions(source) })
    return
  }
  if (from.kind === 'remote' && to.kind === 'remote') {
    const reader = await ctx.client(from.alias)
    const writer = await ctx.client(to.alias)
    if (from.alias === to.alias && !source && !target) {
      await writer.copyObject(to.bucket, to.key, `/${from.bucket}/${from.key}`)
      onBytes(job.size)
      return
    }
    if (from.alias === to.alias) {
      await writer.copyObject(
        new CopySourceOptions({ Bucket: from.bucket, Object: from.key, Encryption: copyEncryption(source) }),
        new CopyDestinationOptions({ Bucket: to.bucket, Object: to.key, Encryption: copyEncryption(target) }),
      )
      onBytes(job.size)
      return
    }
    const body = await reader.getObject(from.bucket, from.key, readOptions(source))
    await writer.putObject(to.bucket, to.key, countBytes(body, onBytes), job.size, writeHeaders(target))
    return
  }
  throw new Error('local to local copies are not supported')
}

/**
 * Turns the SDK's cumulative `onProgress` reports into byte deltas for a shared progress bar.
 * @example
 * const onProgress = progressDeltas((n) => bar.add(n))
 */
export function progressDeltas(onBytes: (bytes: number) => void): (progress: TransferProgress) => void {
  let reported = 0
  return ({ loaded }) => {
    if (loaded > reported) onBytes(loaded - reported)
    reported = Math.max(reported, loaded)
  }
}
