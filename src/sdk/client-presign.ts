/** Presign methods of `Client`, in callback and Promise forms. */
import { platform } from '#platform'
import { deliver, popCallback, type ResultCallback } from './callbackify.js'
import { ListingMethods } from './client-listing.js'
import { PostPolicy } from './operations/presign/post-policy.js'
import { type PostPolicyResult, presignPostPolicy } from './operations/presign/post-policy-form.js'
import { presignedUrl } from './operations/presign/presigned-url.js'
import { Presigner } from './operations/presign/presigner.js'
import { checkResponseOverrides, type RequestParams } from './operations/presign/request-params.js'
import { assertObjectName } from './validate.js'

type UrlCallback = ResultCallback<string>

/**
 * Presign operations: presignedUrl, presignedGetObject, presignedPutObject, newPostPolicy,
 * presignedPostPolicy. Signing happens locally; with a configured `region` no request is sent.
 * @example
 * const url = await client.presignedGetObject('photos', 'a.jpg', 3600)
 */
export class PresignMethods extends ListingMethods {
  #presigner: Presigner | undefined

  /**
   * A URL granting `httpMethod` on an object (or, with `objectName` '', on the bucket, e.g. a
   * listing with `reqParams` `{ prefix, 'max-keys' }`) for `expiry` seconds (1 s to 7 days,
   * default 7 days), signed as of `requestDate` (default now).
   * @example
   * const url = await client.presignedUrl('DELETE', 'photos', 'a.jpg', 600)
   * const list = await client.presignedUrl('GET', 'photos', '', 600, { prefix: '2024/', 'list-type': 2 })
   */
  presignedUrl(
    httpMethod: string,
    bucketName: string,
    objectName: string,
    expiry?: number,
    reqParams?: RequestParams,
    requestDate?: Date,
  ): Promise<string>
  presignedUrl(httpMethod: string, bucketName: string, objectName: string, callback: UrlCallback): void
  presignedUrl(
    httpMethod: string,
    bucketName: string,
    objectName: string,
    expiry: number,
    callback: UrlCallback,
  ): void
  presignedUrl(
    httpMethod: string,
    bucketName: string,
    objectName: string,
    expiry: number,
    reqParams: RequestParams,
    callback: UrlCallback,
  ): void
  presignedUrl(
    httpMethod: string,
    bucketName: string,
    objectName: string,
    expiry: number,
    reqParams: RequestParams,
    requestDate: Date,
    callback: UrlCallback,
  ): void
  presignedUrl(
    method: string,
    bucket: string,
    object: string,
    ...rest: unknown[]
  ): Promise<string> | undefined {
    const callback = popCallback(rest)
    const [expiry, reqParams, requestDate] = rest
    const args = { method, bucket, object, expiry, reqParams, requestDate }
    return deliver(callback, () => presignedUrl(this.transport, this.#signer(), args))
  }

  /**
   * A URL to download an object; `respHeaders` overrides response headers
   * (`response-content-type`, `response-content-disposition`, ...) or picks a `versionId`.
   * @example
   * const url = await client.presignedGetObject('photos', 'a.jpg', 3600, { 'response-content-disposition': 'attachment' })
   */
  presignedGetObject(
    bucketName: string,
    objectName: string,
    expiry?: number,
    respHeaders?: RequestParams,
    requestDate?: Date,
  ): Promise<string>
  presignedGetObject(bucketName: string, objectName: string, callback: UrlCallback): void
  presignedGetObject(bucketName: string, objectName: string, expiry: number, callback: UrlCallback): void
  presignedGetObject(
    bucketName: string,
    objectName: string,
    expiry: number,
    respHeaders: RequestParams,
    callback: UrlCallback,
  ): void
  presignedGetObject(
    bucketName: string,
    objectName: string,
    expiry: number,
    respHeaders: RequestParams,
    requestDate: Date,
    callback: UrlCallback,
  ): void
  presignedGetObject(bucket: string, object: string, ...rest: unknown[]): Promise<string> | undefined {
    const callback = popCallback(rest)
    const [expiry, reqParams, requestDate] = rest
    return deliver(callback, () => {
      assertObjectName(object)
      checkResponseOverrides(reqParams)
      const args = { method: 'GET', bucket, object, expiry, reqParams, requestDate }
      return presignedUrl(this.transport, this.#signer(), args)
    })
  }

  /**
   * A URL to upload an object with a plain HTTP PUT (any Content-Type).
   * @example
   * const url = await client.presignedPutObject('photos', 'a.jpg', 900)
   * await fetch(url, { method: 'PUT', body: file })
   */
  presignedPutObject(bucketName: string, objectName: string, expiry?: number): Promise<string>
  presignedPutObject(bucketName: string, objectName: string, callback: UrlCallback): void
  presignedPutObject(bucketName: string, objectName: string, expiry: number, callback: UrlCallback): void
  presignedPutObject(bucket: string, object: string, ...rest: unknown[]): Promise<string> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => {
      assertObjectName(object)
      const args = {
        method: 'PUT',
        bucket,
        object,
        expiry: rest[0],
        reqParams: undefined,
        requestDate: undefined,
      }
      return presignedUrl(this.transport, this.#signer(), args)
    })
  }

  /**
   * A new, empty POST policy for `presignedPostPolicy`.
   * @example
   * const policy = client.newPostPolicy()
   */
  newPostPolicy(): PostPolicy {
    return new PostPolicy()
  }

  /**
   * Signs a POST policy: the URL and form fields of a browser form upload.
   * @example
   * const { postURL, formData } = await client.presignedPostPolicy(policy)
   */
  presignedPostPolicy(policy: PostPolicy): Promise<PostPolicyResult>
  presignedPostPolicy(policy: PostPolicy, callback: ResultCallback<PostPolicyResult>): void
  presignedPostPolicy(policy: PostPolicy, ...rest: unknown[]): Promise<PostPolicyResult> | undefined {
    return deliver(popCallback(rest), () => presignPostPolicy(this.transport, this.#signer(), policy))
  }

  #signer(): Presigner {
    this.#presigner ??= new Presigner(this.transport.options, platform.sigv4)
    return this.#presigner
  }
}
