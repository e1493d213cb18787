/**
 * POST Object: a browser form upload. The form carries the credential, the signed policy and
 * the key; the file part streams into storage under the policy's size range. Any failed check
 * answers an error before a byte is stored; a size violation mid-stream stores nothing either.
 */
import type { TLSSocket } from 'node:tls'
import { explainInvalidObjectName } from '../../../shared/names.js'
import { authorize, authorizeWriteHeaders } from '../../auth/authorize.js'
import type { Identity } from '../../auth/credentials.js'
import { checkRequestHeaders } from '../../auth/refuse-unhonoured-headers.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { objectLockWriteHeaders } from '../../object-lock/request-lock.js'
import { readFormTags } from '../../tagging/form-tags.js'
import { tagHeaders } from '../../tagging/object-tags.js'
import { requestTagConditions } from '../../tagging/request-tag-conditions.js'
import { readBucketOwnerId } from '../acl/bucket-owner-id.js'
import { checkCannedAcl, checkGrantHeaders } from '../acl/canned-acl.js'
import { encryptionHeaders, writeEncryption } from '../encryption/request-encryption.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import { versionIdHeader } from '../versioning/version-params.js'
import { checkPostConditions, MAX_POST_OBJECT_SIZE, type SizeRange } from './check-conditions.js'
import { readFormMetadata } from './form-metadata.js'
import { limitSize } from './limit-size.js'
import { parsePostPolicy } from './policy-document.js'
import { sendPostResponse } from './post-response.js'
import { readPostForm } from './read-form.js'
import { verifyPostSignature } from './verify-post-signature.js'

const ANONYMOUS_FORM: Identity = { accessKey: '', root: false, anonymous: true }

/**
 * Handles `POST /bucket` with a `multipart/form-data` body.
 * @example HANDLERS.PostObject = handlePostObject
 */
export const handlePostObject: Handler = async (args) => {
  const { ctx, req, res, route, emit } = args
  const form = await readPostForm(req)
  try {
    const identity = verifyPostSignature(ctx.auth, form.fields) ?? ANONYMOUS_FORM
    const key = resolveKey(form.fields.get('key'), form.filename)
    const checked = new Map(form.fields).set('bucket', route.bucket).set('key', key)
    const range = checkPolicy(form.fields.get('policy'), checked, ctx.auth.now())
    // The form's tags are the request's (s3:RequestObjectTag/<key> in policies).
    const tags = await readFormTags(form.fields)
    // The handler authorizes, not the pipeline: only now are the caller and the key known.
    args.auth.identity = identity
    if (!identity.root) {
      const bodyConditions = requestTagConditions(tags)
      const authorizeArgs = { ctx, req, route: { ...route, key }, auth: args.auth, bodyConditions }
      await authorize(authorizeArgs)
      // The lock form fields need s3:PutObjectRetention / s3:PutObjectLegalHold, as the headers.
      await authorizeWriteHeaders(authorizeArgs, (name) => form.fields.get(name))
    }
    // S3 reads encryption form fields as the headers of the same names (SSE-C only over TLS).
    const secure = (req.socket as TLSSocket).encrypted === true
    checkRequestHeaders((name) => form.fields.get(name), 'PostObject', secure)
    // The form's `acl` and `x-amz-grant-*` are S3's headers: only the owner's full control
    // (AccessControlListNotSupported).
    checkCannedAcl(form.fields.get('acl'))
    await checkGrantHeaders(
      (name) => form.fields.get(name),
      () => readBucketOwnerId(ctx, route.bucket),
    )
    const { contentType, headers } = readFormMetadata(checked)
    const encryption = await writeEncryption(ctx.storage, route.bucket, (name) => form.fields.get(name))
    // S3 reads the x-amz-object-lock-* form fields as the headers.
    const lock = await objectLockWriteHeaders(
      ctx.storage,
      route.bucket,
      (name) => form.fields.get(name),
      new Date(ctx.auth.now()),
    )
    const info = await ctx.storage.putObject({
      bucket: route.bucket,
      key,
      body: limitSize(form.file, range),
      contentType: contentType || form.mimeType || undefined,
      headers: { ...headers, ...tagHeaders(tags), ...lock },
      encryption,
      versioning: await readBucketVersioning(ctx.storage, route.bucket),
    })
    await emit([{ name: 's3:ObjectCreated:Post', bucket: route.bucket, key, object: info }])
    const origin = `${(req.socket as TLSSocket).encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`
    const answered = { ...encryptionHeaders(info.encryption), ...versionIdHeader(info) }
    for (const [name, value] of Object.entries(answered)) res.setHeader(name, value)
    sendPostResponse(res, form.fields, { bucket: route.bucket, key, etag: info.etag, origin })
  } finally {
    // A refused form leaves its file unread: let busboy drain it so the answer can go out.
    form.file.resume()
  }
}

function resolveKey(template: string | undefined, filename: string): string {
  if (template === undefined || template === '') {
    throw new S3ServerError('InvalidArgument', "Bucket POST must contain a field named 'key'.", {
      ArgumentName: 'key',
    })
  }
  // S3 replaces ${filename} with the name of the uploaded file (its base name).
  // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal ${filename} form variable
  const key = template.replaceAll('${filename}', filename.replace(/^.*[\\/]/, ''))
  const problem = explainInvalidObjectName(key)
  if (problem !== undefined) throw new S3ServerError('InvalidObjectName', `Invalid key '${key}': ${problem}.`)
  return key
}

function checkPolicy(
  policy: string | undefined,
  fields: ReadonlyMap<string, string>,
  now: number,
): SizeRange {
  if (policy === undefined) return { min: 0, max: MAX_POST_OBJECT_SIZE }
  return checkPostConditions(parsePostPolicy(policy), fields, now)
}
