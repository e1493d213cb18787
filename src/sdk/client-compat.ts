/**
 * The rest of minio-js's `Client` methods: bucket replication, transfer acceleration, the public
 * multipart calls, region lookup, part-size calculation, app info, tracing and credential
 * providers (the request primitives and listing queries are in client-compat-requests.ts).
 */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from './callbackify.js'
import { CompatRequestMethods } from './client-compat-requests.js'
import type { ClientOptions } from './client-options.js'
import { CredentialProvider } from './credentials/credential-provider.js'
import { InvalidArgumentError } from './errors.js'
import {
  abortUpload,
  completeUpload,
  findUploadId,
  initiateNewMultipartUpload,
  type PartEtag,
} from './operations/compat/multipart.js'
import { calculatePartSize } from './operations/compat/part-size.js'
import { type TraceStream, traceWriter } from './operations/compat/trace.js'
import {
  getBucketReplication,
  type ReplicationConfig,
  type ReplicationConfigOpts,
  removeBucketReplication,
  setBucketReplication,
} from './operations/replication/bucket-replication.js'
import type { Credentials } from './transport/signer.js'
import type { UploadedObjectInfo } from './upload/uploaded-object-info.js'
import { assertBucketName } from './validate.js'

/**
 * minio-js methods outside the other groups.
 * @example
 * await client.setBucketReplication('photos', { role: 'arn:minio:replication::id:backup', rules })
 */
export class CompatMethods extends CompatRequestMethods {
  readonly #partSizeConfigured: boolean

  /**
   * Besides ClientCore's options: `credentialsProvider` (asked for credentials before every
   * request) and `s3AccelerateEndpoint` (see setS3TransferAccelerate), as minio-js takes them.
   * @example
   * new Client({ endPoint: 's3.amazonaws.com', credentialsProvider: provider })
   */
  constructor(options: ClientOptions) {
    super(options)
    this.#partSizeConfigured = options.partSize !== undefined && options.partSize !== null
    const { credentialsProvider, s3AccelerateEndpoint } = options
    if (credentialsProvider !== undefined && credentialsProvider !== null) {
      this.transport.extras.credentials = credentialsFrom(credentialsProvider)
    }
    if (s3AccelerateEndpoint) this.setS3TransferAccelerate(s3AccelerateEndpoint)
  }

  /**
   * Sets the bucket's replication configuration: `role` (on MinIO the replication target's ARN)
   * and `rules` with S3's element names, written as given.
   * @example
   * await client.setBucketReplication('photos', {
   *   role: 'arn:minio:replication::b1a8…:backup',
   *   rules: [{ ID: 'all', Status: 'Enabled', Priority: 1, DeleteMarkerReplication: { Status: 'Disabled' },
   *             Destination: { Bucket: 'arn:aws:s3:::backup' } }],
   * })
   */
  setBucketReplication(bucketName: string, replicationConfig: ReplicationConfigOpts): Promise<void>
  setBucketReplication(
    bucketName: string,
    replicationConfig: ReplicationConfigOpts,
    callback: NoResultCallback,
  ): void
  setBucketReplication(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => setBucketReplication(this.transport, bucketName, rest[0]))
  }

  /**
   * The bucket's replication configuration as `{ ReplicationConfiguration: { role, rules } }`.
   * @example
   * const { ReplicationConfiguration: { rules } } = await client.getBucketReplication('photos')
   */
  getBucketReplication(bucketName: string): Promise<ReplicationConfig>
  getBucketReplication(bucketName: string, callback: ResultCallback<ReplicationConfig>): void
  getBucketReplication(bucketName: string, ...rest: unknown[]): Promise<ReplicationConfig> | undefined {
    return deliver(popCallback(rest), () => getBucketReplication(this.transport, bucketName))
  }

  /**
   * Removes the bucket's replication configuration.
   * @example
   * await client.removeBucketReplication('photos')
   */
  removeBucketReplication(bucketName: string): Promise<void>
  removeBucketReplication(bucketName: string, callback: NoResultCallback): void
  removeBucketReplication(bucketName: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => removeBucketReplication(this.transport, bucketName))
  }

  /**
   * Sends requests for objects to an S3 Transfer Acceleration endpoint (e.g.
   * `s3-accelerate.amazonaws.com`), as minio-js does: only when the client's endpoint is AWS's
   * global `s3.amazonaws.com` (or `s3.cn-north-1.amazonaws.com.cn`) and the request names an
   * object; bucket requests stay where they were. A bucket with a dot in its name cannot be
   * accelerated (its requests fail with `InvalidArgumentError`). `''` turns it off.
   * @example
   * client.setS3TransferAccelerate('s3-accelerate.amazonaws.com')
   */
  setS3TransferAccelerate(endPoint: string): void {
    this.transport.extras.accelerateEndpoint = endPoint || undefined
  }

  /**
   * Starts a multipart upload and resolves with its upload ID; `headers` are sent as given
   * (e.g. `content-type`, `x-amz-meta-*`).
   * @example
   * const uploadId = await client.initiateNewMultipartUpload('videos', 'a.mp4', { 'content-type': 'video/mp4' })
   */
  initiateNewMultipartUpload(
    bucketName: string,
    objectName: string,
    headers: Record<string, unknown>,
  ): Promise<string>
  initiateNewMultipartUpload(
    bucketName: string,
    objectName: string,
    headers: Record<string, unknown>,
    callback: ResultCallback<string>,
  ): void
  initiateNewMultipartUpload(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<string> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      initiateNewMultipartUpload(this.transport, bucketName, objectName, rest[0]),
    )
  }

  /**
   * Completes a multipart upload from its parts, `[{ part: 1, etag }, ...]`.
   * @example
   * const { etag, versionId } = await client.completeMultipartUpload('videos', 'a.mp4', uploadId, [{ part: 1, etag }])
   */
  completeMultipartUpload(
    bucketName: string,
    objectName: string,
    uploadId: string,
    etags: PartEtag[],
  ): Promise<UploadedObjectInfo>
  completeMultipartUpload(
    bucketName: string,
    objectName: string,
    uploadId: string,
    etags: PartEtag[],
    callback: ResultCallback<UploadedObjectInfo>,
  ): void
  completeMultipartUpload(
    bucketName: string,
    objectName: string,
    uploadId: string,
    ...rest: unknown[]
  ): Promise<UploadedObjectInfo> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => completeUpload(this.transport, bucketName, objectName, uploadId, rest[0]))
  }

  /**
   * Aborts a multipart upload, dropping its parts.
   * @example
   * await client.abortMultipartUpload('videos', 'a.mp4', uploadId)
   */
  abortMultipartUpload(bucketName: string, objectName: string, uploadId: string): Promise<void>
  abortMultipartUpload(
    bucketName: string,
    objectName: string,
    uploadId: string,
    callback: NoResultCallback,
  ): void
  abortMultipartUpload(
    bucketName: string,
    objectName: string,
    uploadId: string,
    ...rest: unknown[]
  ): Promise<void> | undefined {
    return deliver(popCallback(rest), () => abortUpload(this.transport, bucketName, objectName, uploadId))
  }

  /**
   * The upload ID of the newest incomplete upload of exactly `objectName`, or undefined.
   * @example
   * const uploadId = await client.findUploadId('videos', 'a.mp4')
   */
  findUploadId(bucketName: string, objectName: string): Promise<string | undefined>
  findUploadId(bucketName: string, objectName: string, callback: ResultCallback<string | undefined>): void
  findUploadId(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<string | undefined> | undefined {
    return deliver(popCallback(rest), () => findUploadId(this.transport, bucketName, objectName))
  }

  /**
   * The part size minio-js would upload an object of `size` bytes with: the client's `partSize`
   * when one was given, else the smallest of 64 MiB, 80 MiB, 96 MiB… holding it in 10,000
   * parts. (Silo's own uploads pick smaller parts; see docs/sdk-compat.md.)
   * @example
   * client.calculatePartSize(1024 ** 4) // 117440512
   */
  calculatePartSize(size: number): number {
    return calculatePartSize(size, this.partSize, this.#partSizeConfigured)
  }

  /**
   * The bucket's region: the client's region when configured, else looked up (GetBucketLocation)
   * and cached.
   * @example
   * const region = await client.getBucketRegionAsync('photos')
   */
  async getBucketRegionAsync(bucketName: string): Promise<string> {
    assertBucketName(bucketName)
    return this.transport.regionFor({ method: 'GET', bucket: bucketName })
  }

  /**
   * The callback form of getBucketRegionAsync (minio-js's; it also returns a Promise that
   * resolves once the callback has run).
   * @example
   * client.getBucketRegion('photos', (err, region) => console.log(region))
   */
  getBucketRegion(bucketName: string, callback: (err: Error | null, region?: string) => void): Promise<void> {
    return this.getBucketRegionAsync(bucketName).then(
      (region) => callback(null, region),
      (error: Error) => callback(error),
    )
  }

  /**
   * Adds `appName/appVersion` to the User-Agent of every later request (Node; browsers set their
   * own User-Agent).
   * @example
   * client.setAppInfo('photo-sync', '1.4.2')
   */
  setAppInfo(appName: string, appVersion: string): void {
    if (typeof appName !== 'string') throw new TypeError(`Invalid appName: ${String(appName)}`)
    if (appName.trim() === '') throw new InvalidArgumentError('Input appName cannot be empty.')
    if (typeof appVersion !== 'string') throw new TypeError(`Invalid appVersion: ${String(appVersion)}`)
    if (appVersion.trim() === '') throw new InvalidArgumentError('Input appVersion cannot be empty.')
    const { extras } = this.transport
    extras.appInfo = `${extras.appInfo ? `${extras.appInfo} ` : ''}${appName}/${appVersion}`
  }

  /**
   * Writes every request and its answer to `stream` (default: standard output; in browsers the
   * console), headers included, the signature redacted.
   * @example
   * client.traceOn(fs.createWriteStream('s3.log'))
   */
  traceOn(stream?: TraceStream): void {
    this.transport.extras.trace = traceWriter(stream ?? defaultTraceStream())
  }

  /**
   * Stops tracing.
   * @example
   * client.traceOff()
   */
  traceOff(): void {
    this.transport.extras.trace = undefined
  }

  /**
   * Gets credentials from `provider` now and before every later request (a `CredentialProvider`,
   * or any object with minio-js's `getCredentials()`, such as its AssumeRoleProvider). Rejects
   * when the provider fails.
   * @example
   * await client.setCredentialsProvider(new CredentialProvider({ accessKey: 'AK', secretKey: 'SK' }))
   */
  async setCredentialsProvider(credentialsProvider: CredentialProvider): Promise<void> {
    const fetch = credentialsFrom(credentialsProvider)
    this.transport.useCredentials(await fetch())
    this.transport.extras.credentials = fetch
  }
}

// Accepts Silo's CredentialProvider and anything shaped like minio-js's (getCredentials() giving
// an object with getAccessKey()/getSecretKey()/getSessionToken() or the plain fields).
function credentialsFrom(provider: unknown): () => Promise<Credentials> {
  const getCredentials = (provider as { getCredentials?: unknown } | null)?.getCredentials
  if (!(provider instanceof CredentialProvider) && typeof getCredentials !== 'function') {
    throw new Error('Unable to get credentials. Expected instance of CredentialProvider')
  }
  return async () => {
    let given: Record<string, unknown>
    try {
      given = await (provider as { getCredentials(): Promise<Record<string, unknown>> }).getCredentials()
    } catch (cause) {
      throw new Error(`Unable to get credentials: ${String(cause)}`, { cause })
    }
    const read = (getter: string, field: string): string => {
      const value = typeof given[getter] === 'function' ? (given[getter] as () => unknown)() : given[field]
      return typeof value === 'string' ? value : ''
    }
    return {
      accessKey: read('getAccessKey', 'accessKey'),
      secretKey: read('getSecretKey', 'secretKey'),
      sessionToken: read('getSessionToken', 'sessionToken') || undefined,
    }
  }
}

function defaultTraceStream(): TraceStream {
  const stdout = (globalThis as { process?: { stdout?: TraceStream } }).process?.stdout
  return stdout ?? { write: (text: string) => console.log(text.trimEnd()) }
}
