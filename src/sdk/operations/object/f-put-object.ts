/** fPutObject: uploads a local file (Node), with Content-Type from its extension unless given. */
import { InvalidArgumentError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import { contentTypeOf } from '../../upload/content-type.js'
import { metadataToHeaders } from '../../upload/metadata.js'
import { planUpload } from '../../upload/plan-upload.js'
import { resolveUploadOptions } from '../../upload/upload-options.js'
import type { UploadedObjectInfo } from '../../upload/uploaded-object-info.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { assertFilePath, localFiles } from './local-files.js'
import { sendPlan } from './put-object.js'

/**
 * Uploads the file at `filePath`; files over 5 MiB go multipart and resume like putObject.
 * @example
 * await fPutObject(transport, 'photos', 'cat.jpg', '/home/ana/cat.jpg', { 'x-amz-meta-owner': 'ana' })
 */
export async function fPutObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  filePath: unknown,
  metaData?: unknown,
  uploadOptions?: unknown,
): Promise<UploadedObjectInfo> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  assertFilePath(filePath)
  // minio-js: falsy metaData ('' or null) means none; anything else must be an object.
  if (metaData && typeof metaData !== 'object') throw new TypeError('metaData should be of type "object"')
  const headers = metadataToHeaders(metaData || undefined) ?? {}
  headers['content-type'] ??= contentTypeOf(filePath)
  const options = resolveUploadOptions(uploadOptions)
  const files = localFiles('fPutObject')
  const size = await files.size(filePath)
  if (size === undefined) {
    // `code` as the file system's error has it (minio-js rejects with that error), so checks of
    // `err.code === 'ENOENT'` written for minio-js still hold.
    const error = new InvalidArgumentError(`fPutObject: no such file ${JSON.stringify(filePath)}`)
    throw Object.assign(error, { code: 'ENOENT', path: filePath })
  }
  const source = { kind: 'stream' as const, stream: files.read(filePath) }
  const plan = await planUpload(source, size, { option: options.partSize, client: t.options.partSize })
  return sendPlan(t, bucketName, objectName, plan, headers, options)
}
