import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { readBucketVersioning } from './bucket-versioning.js'
import { renderVersioningConfiguration } from './versioning-configuration.js'

/** GetBucketVersioning: the bucket's Status, or an empty configuration when it never had one. */
export const handleGetBucketVersioning: Handler = async ({ ctx, res, route }) => {
  sendXml(res, 200, renderVersioningConfiguration(await readBucketVersioning(ctx.storage, route.bucket)))
}
