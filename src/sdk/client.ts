/**
 * `Client`: the S3 client, assembled from its method groups, one file each, chained in this
 * order: ClientCore → BucketMethods → ObjectMethods → ListingMethods → PresignMethods →
 * PolicyMethods → NotificationMethods → ComposeMethods → CompatRequestMethods → CompatMethods →
 * SelectMethods → VersioningMethods → TaggingMethods → LockMethods → LifecycleMethods → Client.
 */
import { LifecycleMethods } from './client-lifecycle.js'

/**
 * An S3 client for Node and browsers, API-compatible with minio-js. Every operation returns a
 * Promise, or calls back when its last argument is a function.
 * @example
 * import { Client } from 'silo'
 * const client = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' })
 * await client.makeBucket('photos')
 * await client.putObject('photos', 'hello.txt', 'Hello, world')
 */
export class Client extends LifecycleMethods {}
