import { readNodeHeaders } from '../../auth/refuse-unhonoured-headers.js'
import type { Handler } from '../../context.js'
import { objectLockWriteHeaders } from '../../object-lock/request-lock.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { requestTagHeaders } from '../../tagging/object-tags.js'
import { encryptionHeaders, writeEncryption } from '../encryption/request-encryption.js'
import { readObjectMetadata } from '../objects/object-metadata.js'
import { readUploadChecksumAlgorithm } from './upload-checksum-algorithm.js'

/**
 * CreateMultipartUpload (POST ?uploads): records the object's metadata and the checksum
 * algorithm asked for (`x-amz-checksum-algorithm`) and the object's encryption (the request's,
 * else the bucket's default), the tags of `x-amz-tagging` and the object lock of the
 * `x-amz-object-lock-*` headers or the bucket's default retention (the completed object gets
 * them), answers the upload ID.
 */
export const handleCreateMultipartUpload: Handler = async ({ ctx, req, res, route }) => {
  const { contentType, headers } = readObjectMetadata(req.headers)
  const upload = await ctx.storage.createMultipartUpload({
    bucket: route.bucket,
    key: route.key,
    contentType,
    headers: {
      ...headers,
      ...readUploadChecksumAlgorithm(req.headers),
      ...requestTagHeaders(req.headers['x-amz-tagging']),
      ...(await objectLockWriteHeaders(
        ctx.storage,
        route.bucket,
        readNodeHeaders(req.headers),
        new Date(ctx.auth.now()),
      )),
    },
    encryption: await writeEncryption(ctx.storage, route.bucket, readNodeHeaders(req.headers)),
  })
  for (const [name, value] of Object.entries(encryptionHeaders(upload.encryption))) res.setHeader(name, value)
  const xml = renderXml('InitiateMultipartUploadResult', {
    Bucket: route.bucket,
    Key: route.key,
    UploadId: upload.uploadId,
  })
  sendXml(res, 200, xml)
}
