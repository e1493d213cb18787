import { uploadPartCopyByReading } from './common/upload-part-copy-by-reading.js'
import type { ObjectLayer } from './object-layer.js'
import { createBucket, deleteBucket, getBucket, listBuckets } from './single-drive/buckets.js'
import { copyObject } from './single-drive/copy-object.js'
import { deleteObject } from './single-drive/delete-object.js'
import {
  getBucketDocument,
  getSystemDocument,
  listSystemDocuments,
  putBucketDocument,
  putSystemDocument,
} from './single-drive/documents.js'
import { listObjects } from './single-drive/list-objects.js'
import { listObjectVersions } from './single-drive/list-versions.js'
import { readUsedBytes } from './single-drive/meta-store.js'
import { abortMultipartUpload } from './single-drive/multipart/abort-upload.js'
import { completeMultipartUpload } from './single-drive/multipart/complete-upload.js'
import { createMultipartUpload } from './single-drive/multipart/create-upload.js'
import { listParts } from './single-drive/multipart/list-parts.js'
import { listMultipartUploads } from './single-drive/multipart/list-uploads.js'
import { uploadPart } from './single-drive/multipart/upload-part.js'
import { uploadPartCopy } from './single-drive/multipart/upload-part-copy.js'
import { type DriveOptions, openDrive } from './single-drive/open-drive.js'
import { createEventOutbox } from './single-drive/outbox.js'
import { putObject } from './single-drive/put-object.js'
import { getObject, headObject } from './single-drive/read-object.js'
import { updateObjectMetadata } from './single-drive/update-metadata.js'

/** Options of {@link openSingleDrive}. */
export type SingleDriveOptions = DriveOptions

/**
 * Opens (creating if needed) a single drive on `dir` as an object layer: metadata in LMDB, object
 * bytes in files named by internal IDs, all under `<dir>/.silo.sys/`. One process may open a
 * drive at a time. (An erasure set opens the same store through the drive interface instead:
 * local-drive.ts.)
 *
 * @example
 * const storage = await openSingleDrive('/srv/silo')
 * await storage.createBucket('photos', '')
 * await storage.close()
 */
export async function openSingleDrive(dir: string, options: SingleDriveOptions = {}): Promise<ObjectLayer> {
  const { drive, close } = await openDrive(dir, options)
  const layer: ObjectLayer = {
    kind: 'FS',
    listBuckets: async () => listBuckets(drive),
    createBucket: (name, region) => createBucket(drive, name, region),
    getBucket: async (name) => getBucket(drive, name),
    deleteBucket: (name) => deleteBucket(drive, name),
    putObject: (input) => putObject(drive, input),
    getObject: (bucket, key, range, options) => getObject(drive, bucket, key, range, options?.versionId),
    headObject: async (bucket, key, options) => headObject(drive, bucket, key, options?.versionId),
    deleteObject: (bucket, key, options) => deleteObject(drive, bucket, key, options),
    listObjects: async (input) => listObjects(drive, { ...input, withDeleteMarkers: false }),
    listObjectVersions: async (input) => {
      const { orders: _, ...page } = listObjectVersions(drive, input)
      return page
    },
    updateObjectMetadata: (bucket, key, versionId, update) =>
      updateObjectMetadata(drive, bucket, key, versionId, update),
    copyObject: (input) => copyObject(drive, input),
    createMultipartUpload: (input) => createMultipartUpload(drive, input),
    uploadPart: (input) => uploadPart(drive, input),
    uploadPartCopy: (input) => uploadPartCopy(drive, input, () => uploadPartCopyByReading(layer, input)),
    completeMultipartUpload: (input) => completeMultipartUpload(drive, input),
    abortMultipartUpload: (bucket, key, uploadId) => abortMultipartUpload(drive, bucket, key, uploadId),
    listParts: async (input) => listParts(drive, input),
    listMultipartUploads: async (input) => listMultipartUploads(drive, input),
    getBucketDocument: async (bucket, name) => getBucketDocument(drive, bucket, name),
    putBucketDocument: (bucket, name, document) => putBucketDocument(drive, bucket, name, document),
    getSystemDocument: async (path) => getSystemDocument(drive, path),
    putSystemDocument: (path, document) => putSystemDocument(drive, path, document),
    listSystemDocuments: async (prefix) => listSystemDocuments(drive, prefix),
    usedBytes: async () => readUsedBytes(drive.meta),
    eventOutbox: createEventOutbox(drive),
    close,
  }
  return layer
}
