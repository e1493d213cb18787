/**
 * fGetObject: downloads an object into a local file (Node). Bytes go to
 * `<filePath>.<etag>.part.silo` first and the file is renamed into place when complete, so
 * `filePath` never holds a partial object; a part file left by an interrupted download of the same
 * ETag is continued with a Range request instead of starting over.
 */
import { iterateChunks } from '../../body/chunks.js'
import { InvalidArgumentError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import type { TransferProgress } from '../../upload/upload-options.js'
import { optionalObject } from '../../validate.js'
import type { GetObjectOptions } from './get-object.js'
import { getPartialObject } from './get-partial-object.js'
import { assertFilePath, localFiles } from './local-files.js'
import { statObject } from './stat-object.js'

/**
 * Options of `fGetObject`: those of getObject, plus progress.
 * @example
 * await client.fGetObject('videos', 'a.mp4', '/tmp/a.mp4', { onProgress: ({ loaded, total }) => {} })
 */
export interface FGetObjectOptions extends GetObjectOptions {
  /** Called as bytes are written (loaded counts bytes already in a resumed part file). */
  onProgress?: (progress: TransferProgress) => void
}

/**
 * Downloads `objectName` to `filePath`, resuming a partial download of the same version.
 * @example
 * await fGetObject(transport, 'videos', 'a.mp4', '/tmp/a.mp4')
 */
export async function fGetObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  filePath: unknown,
  getOpts?: unknown,
): Promise<void> {
  assertFilePath(filePath)
  const { onProgress, ...options } = optionalObject<FGetObjectOptions>(getOpts, 'getOpts')
  const files = localFiles('fGetObject')
  // An SSE-C object's HEAD needs its key as much as its GET does.
  const { versionId, SSECustomerAlgorithm, SSECustomerKey, SSECustomerKeyMD5 } = options
  const statOpts = { versionId, SSECustomerAlgorithm, SSECustomerKey, SSECustomerKeyMD5 }
  const stat = await statObject(t, bucketName, objectName, statOpts)
  // The ETag names the part file, so a part of another version is never continued.
  const partFile = `${filePath}.${stat.etag.replace(/[^A-Za-z0-9-]/g, '_')}.part.silo`
  let offset = (await files.size(partFile)) ?? 0
  if (offset > stat.size) {
    await files.remove(partFile)
    offset = 0
  }
  if (offset < stat.size || offset === 0) {
    const body = await getPartialObject(t, bucketName, objectName, offset, 0, options)
    await files.append(partFile, counted(iterateChunks(body), offset, stat.size, onProgress), options.signal)
  }
  const written = (await files.size(partFile)) ?? 0
  if (written !== stat.size) {
    throw new InvalidArgumentError(
      `fGetObject: size mismatch, ${partFile} has ${written} bytes but the object has ${stat.size}`,
    )
  }
  await files.rename(partFile, filePath)
}

async function* counted(
  chunks: AsyncIterable<Uint8Array>,
  start: number,
  total: number,
  onProgress: FGetObjectOptions['onProgress'],
): AsyncGenerator<Uint8Array> {
  let loaded = start
  for await (const chunk of chunks) {
    yield chunk
    loaded += chunk.byteLength
    onProgress?.({ loaded, total })
  }
}
