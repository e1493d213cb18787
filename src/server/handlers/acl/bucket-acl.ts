import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderOwnerAcl } from './access-control-policy.js'
import { readBucketOwnerId } from './bucket-owner-id.js'
import { acceptOwnerOnlyAcl } from './put-acl.js'

/** GetBucketAcl: the bucket owner's FULL_CONTROL, the only grant Silo has. */
export const handleGetBucketAcl: Handler = async ({ ctx, res, route }) => {
  sendXml(res, 200, renderOwnerAcl(await readBucketOwnerId(ctx, route.bucket)))
}

/** PutBucketAcl: 200 for the owner's full control, else AccessControlListNotSupported. */
export const handlePutBucketAcl: Handler = async (args) => {
  await acceptOwnerOnlyAcl(args, await readBucketOwnerId(args.ctx, args.route.bucket))
}
