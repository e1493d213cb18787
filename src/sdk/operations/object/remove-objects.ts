/**
 * removeObjects: DeleteObjects (`POST /bucket?delete`) in batches of 1,000 keys (the S3 maximum),
 * quiet mode, each batch with its Content-MD5. Every key the server could not delete comes back in
 * the result; a batch the server refused as a whole (or could not be sent) rejects, so nothing is
 * reported as deleted that was not (minio-js 7.1.3 swallowed those, issues #1110, #1181).
 */
import { InvalidArgumentError } from '../../errors.js'
import { readXml } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { childrenOf, escapeXml, textOf } from '../../transport/xml.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName, assertObjectName } from '../../validate.js'

/**
 * An object to remove: its name, or name and version.
 * @example
 * await client.removeObjects('photos', ['a.jpg', { name: 'b.jpg', versionId: 'v1' }])
 */
export type RemoveObjectsEntry = string | { name: string; versionId?: string | undefined }

/**
 * A key the server did not delete, and why (fields as S3 and minio-js name them).
 * @example
 * for (const e of await client.removeObjects('photos', names)) console.error(e.Key, e.Code, e.Message)
 */
export interface RemoveObjectsError {
  Code: string
  Message: string
  Key: string
  VersionId?: string | undefined
}

const BATCH = 1000

/**
 * Deletes the listed objects; resolves with the per-object failures (empty when all went).
 * @example
 * const failures = await removeObjects(transport, 'photos', ['a.jpg', 'b.jpg'])
 */
export async function removeObjects(
  t: Transport,
  bucketName: unknown,
  objectsList: unknown,
): Promise<RemoveObjectsError[]> {
  assertBucketName(bucketName)
  if (!Array.isArray(objectsList)) {
    throw new InvalidArgumentError(
      'Invalid objectsList: must be an array of names or { name, versionId } objects',
    )
  }
  const entries = objectsList.map(toEntry)
  const failures: RemoveObjectsError[] = []
  for (let i = 0; i < entries.length; i += BATCH) {
    failures.push(...(await deleteBatch(t, bucketName, entries.slice(i, i + BATCH))))
  }
  return failures
}

interface Entry {
  name: string
  versionId: string | undefined
}

function toEntry(item: unknown, index: number): Entry {
  const entry = typeof item === 'string' ? { name: item, versionId: undefined } : (item as Partial<Entry>)
  if (typeof entry !== 'object' || entry === null) {
    throw new InvalidArgumentError(`Invalid objectsList[${index}]: must be a name or { name, versionId }`)
  }
  assertObjectName(entry.name)
  if (entry.versionId !== undefined && typeof entry.versionId !== 'string') {
    throw new InvalidArgumentError(`Invalid objectsList[${index}].versionId: must be a string`)
  }
  return { name: entry.name, versionId: entry.versionId || undefined }
}

async function deleteBatch(t: Transport, bucket: string, batch: Entry[]): Promise<RemoveObjectsError[]> {
  const objects = batch.map(
    (e) =>
      `<Object><Key>${escapeXml(e.name)}</Key>${e.versionId ? `<VersionId>${escapeXml(e.versionId)}</VersionId>` : ''}</Object>`,
  )
  const body = new TextEncoder().encode(`<Delete><Quiet>true</Quiet>${objects.join('')}</Delete>`)
  const headers = { 'content-md5': md5Base64(body), 'content-type': 'application/xml' }
  const result = await t.call({ method: 'POST', bucket, query: { delete: '' }, headers, body }, (res) =>
    readXml(res, 'DeleteResult'),
  )
  return childrenOf(result, 'Error').map((e) => ({
    Code: textOf(e, 'Code'),
    Message: textOf(e, 'Message'),
    Key: textOf(e, 'Key'),
    VersionId: textOf(e, 'VersionId') || undefined,
  }))
}
