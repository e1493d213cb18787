/**
 * Storage classes as objects keep them: the `x-amz-storage-class` stored header, absent for
 * STANDARD (the default, which S3 and MinIO neither store nor echo). The erasure backend gives
 * REDUCED_REDUNDANCY objects less parity; one drive only records the class.
 */

/** The classes Silo offers. */
export type StorageClass = 'STANDARD' | 'REDUCED_REDUNDANCY'

/** The stored header naming a class other than STANDARD. */
export const STORAGE_CLASS_HEADER = 'x-amz-storage-class'

/**
 * The class stored headers give (STANDARD when they name none), as listings, ListParts and
 * GetObjectAttributes report it.
 *
 * @example storageClassOf({ 'x-amz-storage-class': 'REDUCED_REDUNDANCY' }) // 'REDUCED_REDUNDANCY'
 */
export function storageClassOf(headers: Readonly<Record<string, string>>): StorageClass {
  return headers[STORAGE_CLASS_HEADER] === 'REDUCED_REDUNDANCY' ? 'REDUCED_REDUNDANCY' : 'STANDARD'
}

/**
 * A copy of lower-cased stored headers set to `storageClass` (the header removed for STANDARD).
 *
 * @example withStorageClass({ 'x-amz-meta-a': '1' }, 'REDUCED_REDUNDANCY')
 */
export function withStorageClass(
  headers: Readonly<Record<string, string>>,
  storageClass: StorageClass,
): Record<string, string> {
  const out = { ...headers }
  delete out[STORAGE_CLASS_HEADER]
  if (storageClass !== 'STANDARD') out[STORAGE_CLASS_HEADER] = storageClass
  return out
}
