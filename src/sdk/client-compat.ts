/** The rest of minio-js's `Client` methods: bucket replication, transfer acceleration, uploads. */
import { ComposeMethods } from './client-compose.js'

/**
 * minio-js methods outside the other groups: setBucketReplication, getBucketReplication,
 * removeBucketReplication, setS3TransferAccelerate, initiateNewMultipartUpload.
 */
export class CompatMethods extends ComposeMethods {}
