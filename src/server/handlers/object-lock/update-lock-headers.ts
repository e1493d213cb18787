import type { HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import type { ObjectInfo } from '../../storage/object-layer.js'

/**
 * Rewrites the lock records of the request's object version (`versionId` absent: the latest) in
 * one atomic metadata update: `update` runs under the key's lock with the stored headers and
 * may throw to refuse (nothing changes). NoSuchKey / NoSuchVersion / 405 for a delete marker come
 * from storage.
 *
 * @example await updateLockHeaders(args, versionId, (headers) => ({ ...headers, ...legalHoldHeaders('ON') }))
 */
export async function updateLockHeaders(
  { ctx, route }: Pick<HandlerArgs, 'ctx' | 'route'>,
  versionId: string | undefined,
  update: (headers: Record<string, string>) => Record<string, string>,
): Promise<ObjectInfo> {
  const { storage } = ctx
  if (!storage.updateObjectMetadata) {
    throw new S3ServerError('NotImplemented', `The ${storage.kind} backend cannot change an object's lock.`)
  }
  return storage.updateObjectMetadata(route.bucket, route.key, versionId, update)
}
