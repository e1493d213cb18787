import { readNodeHeaders } from '../../auth/refuse-unhonoured-headers.js'
import { openRequestBody } from '../../body/request-body.js'
import type { Handler } from '../../context.js'
import { expirationHeader } from '../../ilm/expiration-header.js'
import { isIntegrityChecked } from '../../object-lock/body-integrity.js'
import { objectLockWriteHeaders } from '../../object-lock/request-lock.js'
import { sendEmpty } from '../../response/send.js'
import { requestTagHeaders } from '../../tagging/object-tags.js'
import { encryptionHeaders, writeEncryption } from '../encryption/request-encryption.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import { versionIdHeader } from '../versioning/version-params.js'
import { verifiedChecksumHeaders } from './checksum-headers.js'
import { readContentMd5, readObjectMetadata } from './object-metadata.js'
import { readWriteCondition } from './write-condition-headers.js'

/**
 * PutObject: streams the body (decoded and verified as its signature asks) into storage, which
 * writes a temporary file and commits only a complete, verified body. Answers the MD5 ETag (and
 * in a versioned bucket `x-amz-version-id`: the version the write made; null when suspended).
 * `If-None-Match: *` / `If-Match` make it a conditional write, checked in storage's commit.
 * Encrypted as the request asks (SSE-S3, SSE-C) or else as the bucket's default encryption.
 * `x-amz-tagging` gives the object its tags (checked as S3 does before a byte is read), the
 * `x-amz-object-lock-*` headers (or the bucket's default retention) its object lock.
 */
export const handlePutObject: Handler = async ({ ctx, req, res, route, auth, emit, stage }) => {
  const contentMd5 = readContentMd5(req.headers['content-md5'])
  const condition = readWriteCondition(req.headers)
  const { contentType, headers } = readObjectMetadata(req.headers)
  const tags = requestTagHeaders(req.headers['x-amz-tagging'])
  const encryption = await writeEncryption(ctx.storage, route.bucket, readNodeHeaders(req.headers))
  const lock = await objectLockWriteHeaders(
    ctx.storage,
    route.bucket,
    readNodeHeaders(req.headers),
    new Date(ctx.auth.now()),
    () => isIntegrityChecked(req.headers, auth.payload),
  )
  const versioning = await readBucketVersioning(ctx.storage, route.bucket)
  const { body, size, checksum } = openRequestBody(req, auth, ctx.auth.crypto)
  const event = { name: 's3:ObjectCreated:Put', bucket: route.bucket, key: route.key } as const
  // On one drive the event is committed with the object (the outbox), one sync for both.
  const staged = stage(event)
  const info = await ctx.storage.putObject({
    bucket: route.bucket,
    key: route.key,
    body,
    size,
    contentType,
    headers: { ...headers, ...tags, ...lock },
    // A verified x-amz-checksum-* is stored with the object (a trailer's is known only at the end).
    trailingHeaders: () => verifiedChecksumHeaders(checksum),
    contentMd5,
    condition,
    encryption,
    versioning,
    ...(staged ? { outbox: staged } : {}),
  })
  if (!staged?.done) await emit([{ ...event, object: info }])
  sendEmpty(res, 200, {
    etag: `"${info.etag}"`,
    ...verifiedChecksumHeaders(checksum),
    ...encryptionHeaders(info.encryption),
    ...versionIdHeader(info),
    // The object is written: a failed read of the rules must not turn that into an error.
    ...(await expirationHeader(ctx.storage, info).catch(() => ({}))),
  })
}
