import type { Handler, HandlerArgs } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { readVersionIdParam, versionIdHeader } from '../versioning/version-params.js'
import { renderOwnerAcl } from './access-control-policy.js'
import { readBucketOwnerId } from './bucket-owner-id.js'
import { acceptOwnerOnlyAcl } from './put-acl.js'

/**
 * GetObjectAcl: NoSuchKey for a missing object (NoSuchVersion for a missing `?versionId=`), else
 * its bucket owner's FULL_CONTROL.
 */
export const handleGetObjectAcl: Handler = async (args) => {
  const { ctx, res, route } = args
  const version = await checkObjectExists(args)
  for (const [name, value] of Object.entries(version)) res.setHeader(name, value)
  sendXml(res, 200, renderOwnerAcl(await readBucketOwnerId(ctx, route.bucket)))
}

/** PutObjectAcl: NoSuchKey for a missing object; 200 for the owner's full control, else AccessControlListNotSupported. */
export const handlePutObjectAcl: Handler = async (args) => {
  await checkObjectExists(args)
  await acceptOwnerOnlyAcl(args, await readBucketOwnerId(args.ctx, args.route.bucket))
}

/** The object (or the version `?versionId=` names) must exist; its `x-amz-version-id`. */
async function checkObjectExists({ ctx, route }: HandlerArgs): Promise<Record<string, string>> {
  const versionId = readVersionIdParam(route)
  // Without a version: a metadata lookup (no SSE-C key needed), as before.
  if (versionId === undefined) return versionIdHeader(await ctx.storage.headObject(route.bucket, route.key))
  return versionIdHeader(await ctx.storage.headObject(route.bucket, route.key, { versionId }))
}
