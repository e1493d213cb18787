import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { readObjectMetadata } from '../objects/object-metadata.js'
import { readUploadChecksumAlgorithm } from './upload-checksum-algorithm.js'

/**
 * CreateMultipartUpload (POST ?uploads): records the object's metadata and the checksum
 * algorithm asked for (`x-amz-checksum-algorithm`), answers the upload ID.
 */
export const handleCreateMultipartUpload: Handler = async ({ ctx, req, res, route }) => {
  const { contentType, headers } = readObjectMetadata(req.headers)
  const upload = await ctx.storage.createMultipartUpload({
    bucket: route.bucket,
    key: route.key,
    contentType,
    headers: { ...headers, ...readUploadChecksumAlgorithm(req.headers) },
  })
  const xml = renderXml('InitiateMultipartUploadResult', {
    Bucket: route.bucket,
    Key: route.key,
    UploadId: upload.uploadId,
  })
  sendXml(res, 200, xml)
}
