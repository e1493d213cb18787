import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'

/** ListBuckets: every bucket, oldest first as stored, owned by the caller. */
export const handleListBuckets: Handler = async ({ ctx, res, auth }) => {
  const buckets = await ctx.storage.listBuckets()
  const xml = renderXml('ListAllMyBucketsResult', {
    Owner: { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey },
    Buckets: { Bucket: buckets.map((b) => ({ Name: b.name, CreationDate: b.created.toISOString() })) },
  })
  sendXml(res, 200, xml)
}
