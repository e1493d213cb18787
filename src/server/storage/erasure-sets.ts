import { crc32 } from '../crc32.js'
import { uploadPartCopyByReading } from './common/upload-part-copy-by-reading.js'
import { checkDriveList, chooseSetDriveCount } from './erasure/drive-list.js'
import { KeyLocks, type NamedLocks } from './erasure/key-locks.js'
import { type ErasureOptions, type ErasureSet, openErasure, openErasureSet } from './erasure.js'
import { copyAcrossSets } from './erasure-sets/copy-across-sets.js'
import { firstRejection } from './erasure-sets/first-rejection.js'
import {
  listMultipartUploadsOfSets,
  listObjectsOfSets,
  listObjectVersionsOfSets,
} from './erasure-sets/merged-listings.js'
import { completeBucketOnSets, createBucketOnSets, deleteBucketOnSets } from './erasure-sets/set-buckets.js'
import { createSetsHealer } from './erasure-sets/sets-healer.js'
import type { ObjectLayer } from './object-layer.js'

/** Options of {@link openErasureSets}: every set's (openErasure's), and the drives per set. */
export interface ErasureSetsOptions extends ErasureOptions {
  /** Drives per set: an even count from 4 to 16 that divides the drive count (chooseSetDriveCount). */
  setDriveCount: number
}

/**
 * The set an object belongs to: CRC-32 of its key (UTF-8) modulo the number of sets, MinIO's
 * `CRCMOD` distribution (format.json's `distributionAlgo`). The same on every server.
 * @example setIndexOf('photos/cat.jpg', 2) // 0 or 1
 */
export function setIndexOf(key: string, sets: number): number {
  return crc32(Buffer.from(key, 'utf8')) % sets
}

/**
 * Opens an erasure-coded backend of several erasure sets (MinIO's erasure sets): `drives`, in set
 * order, are cut into consecutive sets of `setDriveCount`, each an erasure set (openErasure) with
 * the same options and one set of locks. Every object lives in the set of its key (setIndexOf);
 * buckets exist in every set, listings merge every set's. One set is openErasure's backend
 * itself. See docs/storage.md#erasure-sets.
 *
 * @example
 * const storage = await openErasureSets(drives, { setDriveCount: 16 }) // 32 drives: two sets
 */
export async function openErasureSets(drives: string[], options: ErasureSetsOptions): Promise<ObjectLayer> {
  const { setDriveCount, ...setOptions } = options
  chooseSetDriveCount(drives.length, setDriveCount)
  if (drives.length === setDriveCount) return openErasure(drives, setOptions)
  // Across sets too, no drive twice (each set checks its own drives).
  if (!options.connect) checkDriveList(drives)
  // One gate per bucket for every set: DeleteBucket holds it across all of them.
  const locks = options.locks ?? new KeyLocks()
  const opening = []
  for (let at = 0; at < drives.length; at += setDriveCount) {
    opening.push(openErasureSet(drives.slice(at, at + setDriveCount), { ...setOptions, locks }))
  }
  const opened = await Promise.allSettled(opening)
  const failed = firstRejection(opened)
  const sets = opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  if (failed) {
    await Promise.allSettled(sets.map((set) => set.layer.close()))
    throw failed.reason
  }
  return createSetsLayer(sets, locks)
}

/** The object layer over the opened sets. */
function createSetsLayer(sets: ErasureSet[], locks: NamedLocks): ObjectLayer {
  const layers = sets.map((set) => set.layer)
  const first = layers[0]!
  const setOf = (key: string) => layers[setIndexOf(key, layers.length)]!
  const layer: ObjectLayer = {
    kind: 'Erasure',
    listBuckets: () => first.listBuckets(),
    createBucket: (name, region) => createBucketOnSets(sets, locks, name, region),
    getBucket: (name) => first.getBucket(name),
    deleteBucket: (name) => deleteBucketOnSets(sets, locks, name),
    putObject: (input) => setOf(input.key).putObject(input),
    getObject: (bucket, key, range, options) => setOf(key).getObject(bucket, key, range, options),
    headObject: (bucket, key, options) => setOf(key).headObject(bucket, key, options),
    deleteObject: (bucket, key, options) => setOf(key).deleteObject(bucket, key, options),
    listObjects: (input) => listObjectsOfSets(layers, input),
    listObjectVersions: (input) => listObjectVersionsOfSets(layers, input),
    updateObjectMetadata: (bucket, key, versionId, update) =>
      setOf(key).updateObjectMetadata!(bucket, key, versionId, update),
    copyObject: (input) => {
      const source = setOf(input.sourceKey)
      const target = setOf(input.key)
      return source === target ? target.copyObject(input) : copyAcrossSets(source, target, input)
    },
    createMultipartUpload: (input) => setOf(input.key).createMultipartUpload(input),
    uploadPart: (input) => setOf(input.key).uploadPart(input),
    // The source may be in another set: read through this layer, which finds it.
    uploadPartCopy: (input) => uploadPartCopyByReading(layer, input),
    completeMultipartUpload: (input) => setOf(input.key).completeMultipartUpload(input),
    abortMultipartUpload: (bucket, key, uploadId) => setOf(key).abortMultipartUpload(bucket, key, uploadId),
    listParts: (input) => setOf(input.key).listParts(input),
    listMultipartUploads: (input) => listMultipartUploadsOfSets(layers, input),
    // Documents live in the first set: one place, read and written as one set does.
    getBucketDocument: (bucket, name) => first.getBucketDocument(bucket, name),
    putBucketDocument: (bucket, name, document) => first.putBucketDocument(bucket, name, document),
    getSystemDocument: (path) => first.getSystemDocument(path),
    putSystemDocument: (path, document) => first.putSystemDocument(path, document),
    listSystemDocuments: (prefix) => first.listSystemDocuments(prefix),
    usedBytes: async () => (await Promise.all(layers.map((l) => l.usedBytes()))).reduce((a, b) => a + b, 0),
    healer: createSetsHealer(
      layers.map((l) => l.healer!),
      {
        healerOf: (key) => setOf(key).healer!,
        completeBucket: (bucket, dryRun) => completeBucketOnSets(sets, locks, bucket, dryRun),
      },
    ),
    layout: async () => {
      const each = await Promise.all(layers.map((l) => l.layout!()))
      return { ...each[0]!, setCount: each.length, drives: each.flatMap((l) => l.drives) }
    },
    setStorageClasses: (classes, { dryRun = false } = {}) => {
      // Every set checks first: all of them take the classes, or none.
      for (const l of layers) l.setStorageClasses!(classes, { dryRun: true })
      if (!dryRun) for (const l of layers) l.setStorageClasses!(classes)
    },
    close: async () => {
      const failed = firstRejection(await Promise.allSettled(layers.map((l) => l.close())))
      if (failed) throw failed.reason
    },
  }
  return layer
}
