import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { storageClassOf } from '../../storage/common/storage-class.js'
import { readCount } from '../listing/query-params.js'
import { checksumFields } from '../objects/checksum-headers.js'
import { readUploadId } from './upload-params.js'

/** ListParts: an upload's parts in order, paged by `max-parts` and `part-number-marker`. */
export const handleListParts: Handler = async ({ ctx, res, route, auth }) => {
  const uploadId = readUploadId(route)
  const maxParts = readCount(route, 'max-parts', { min: 0, max: 1000, fallback: 1000 })
  const marker = readCount(route, 'part-number-marker', { min: 0, max: 10_000, fallback: 0 })
  const page = await ctx.storage.listParts({
    bucket: route.bucket,
    key: route.key,
    uploadId,
    maxParts,
    partNumberMarker: marker,
  })
  const owner = { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey }
  const xml = renderXml('ListPartsResult', {
    Bucket: route.bucket,
    Key: route.key,
    UploadId: uploadId,
    Initiator: owner,
    Owner: owner,
    StorageClass: storageClassOf(page.upload.headers),
    PartNumberMarker: marker,
    NextPartNumberMarker: page.nextPartNumberMarker ?? page.parts.at(-1)?.partNumber ?? marker,
    MaxParts: maxParts,
    IsTruncated: page.isTruncated,
    Part: page.parts.map((p) => ({
      PartNumber: p.partNumber,
      LastModified: p.lastModified.toISOString(),
      ETag: `"${p.etag}"`,
      Size: p.size,
      ...checksumFields(p.checksum),
    })),
  })
  sendXml(res, 200, xml)
}
