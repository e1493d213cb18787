import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderOwnerAcl } from './access-control-policy.js'
import { readBucketOwnerId } from './bucket-owner-id.js'
import { acceptOwnerOnlyAcl } from './put-acl.js'

/** GetObjectAcl: NoSuchKey for a missing object, else its bucket owner's FULL_CONTROL. */
export const handleGetObjectAcl: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.headObject(route.bucket, route.key)
  sendXml(res, 200, renderOwnerAcl(await readBucketOwnerId(ctx, route.bucket)))
}

/** PutObjectAcl: NoSuchKey for a missing object; 200 for the owner's full control, else AccessControlListNotSupported. */
export const handlePutObjectAcl: Handler = async (args) => {
  await args.ctx.storage.headObject(args.route.bucket, args.route.key)
  await acceptOwnerOnlyAcl(args, await readBucketOwnerId(args.ctx, args.route.bucket))
}
