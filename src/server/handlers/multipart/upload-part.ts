import { openRequestBody } from '../../body/request-body.js'
import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { MULTIPART_LIMITS } from '../../storage/multipart-limits.js'
import { encryptionHeaders, requestCustomerKey } from '../encryption/request-encryption.js'
import { verifiedChecksumHeaders } from '../objects/checksum-headers.js'
import { readContentMd5 } from '../objects/object-metadata.js'
import { readUploadId, readUploadPartNumber } from './upload-params.js'

/**
 * UploadPart: streams one part (≤ 5 GiB, Content-MD5 verified when sent) into storage; answers
 * its MD5 ETag. No bucket event: only completing the upload creates the object. An SSE-C
 * upload's parts carry its key (storage checks it against the upload's).
 */
export const handleUploadPart: Handler = async ({ ctx, req, res, route, auth }) => {
  const uploadId = readUploadId(route)
  const partNumber = readUploadPartNumber(route)
  const contentMd5 = readContentMd5(req.headers['content-md5'])
  const customerKey = requestCustomerKey(req)
  const { body, size, checksum } = openRequestBody(req, auth, ctx.auth.crypto, MULTIPART_LIMITS.maxPartSize)
  const part = await ctx.storage.uploadPart({
    bucket: route.bucket,
    key: route.key,
    uploadId,
    partNumber,
    body,
    size,
    contentMd5,
    trailingHeaders: () => verifiedChecksumHeaders(checksum),
    customerKey,
  })
  sendEmpty(res, 200, {
    etag: `"${part.etag}"`,
    ...verifiedChecksumHeaders(checksum),
    // S3 confirms the part's SSE-C key by its MD5.
    ...encryptionHeaders(customerKey && { kind: 'SSE-C', keyMd5: customerKey.keyMd5 }),
  })
}
