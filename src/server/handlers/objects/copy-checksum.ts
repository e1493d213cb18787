import type { IncomingHttpHeaders } from 'node:http'
import { CHECKSUM_ALGORITHMS, CHECKSUM_PREFIX } from '../../body/checksum-algorithms.js'
import { S3ServerError } from '../../errors.js'
import { createPartDigester } from '../../storage/common/part-copy-digests.js'
import type { ObjectLayer, ReadOptions } from '../../storage/object-layer.js'

/** A checksum computed for a copy, and the source version (ETag) it was computed over. */
export interface CopyChecksum {
  checksum: Record<string, string>
  etag: string
}

/**
 * CopyObject's `x-amz-checksum-algorithm`: the full-object checksum the copy is to carry. None
 * when the request names no algorithm, or when the source already holds a full-object checksum
 * of it (the copy keeps the source's). Otherwise the source is read and hashed here, before the
 * copy; the copy's source check then refuses any other version (its ETag). An algorithm S3 does
 * not have is InvalidRequest.
 *
 * @example const computed = await computeCopyChecksum(ctx.storage, req.headers, { bucket, key }, {})
 */
export async function computeCopyChecksum(
  storage: Pick<ObjectLayer, 'getObject'>,
  headers: IncomingHttpHeaders,
  source: { bucket: string; key: string },
  read: ReadOptions,
): Promise<CopyChecksum | undefined> {
  const named = headers['x-amz-checksum-algorithm']
  if (named === undefined) return undefined
  const suffix = String(named).trim().toLowerCase()
  if (!CHECKSUM_ALGORITHMS[suffix]) {
    throw new S3ServerError('InvalidRequest', `Checksum algorithm provided is unsupported: ${String(named)}.`)
  }
  const header = CHECKSUM_PREFIX + suffix
  const { info, body } = await storage.getObject(source.bucket, source.key, undefined, read)
  const held = info.headers[header]
  if (held !== undefined && !held.includes('-')) {
    body.destroy()
    return undefined
  }
  const digester = createPartDigester({ md5: false, suffix })
  for await (const chunk of body) digester.update(chunk as Uint8Array)
  return { checksum: (await digester.finish()).checksum, etag: info.etag }
}
