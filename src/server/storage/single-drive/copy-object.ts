import { link } from 'node:fs/promises'
import { S3ServerError } from '../../errors.js'
import { copyMetadataOf } from '../common/copy-metadata.js'
import type { CopyObjectInput, ObjectInfo } from '../object-layer.js'
import { removeDataFiles } from './data-files.js'
import type { Drive } from './drive.js'
import { syncDirectory } from './durability.js'
import { createObjectId, dataDirOf, dataPathOf, ensureDataDir } from './layout.js'
import { noSuchBucket, requireBucket } from './lookup.js'
import { fileIdsOf } from './object-data.js'
import { commitObject } from './put-object.js'
import { requireReadable, versionInfo } from './read-version.js'
import { type StoredObject, toObjectInfo } from './records.js'
import { newVersionFields, type VersionFields } from './versions.js'

// The source can be replaced (and its files unlinked) between reading its record and linking
// its files; a retry reads the newer record.
const LINK_ATTEMPTS = 5

/**
 * Copies without copying bytes: each data file of the source gets a hard link under a new ID
 * (the copy owns its names, so deleting either object never takes the other's bytes), inline
 * bytes are copied within LMDB. One commit makes the copy visible, replacing the target
 * (which may be the source itself, when only metadata changes).
 */
export async function copyObject(
  drive: Drive,
  input: CopyObjectInput,
  version: VersionFields | undefined = newVersionFields(input.versioning),
): Promise<ObjectInfo> {
  for (let attempt = 0; attempt < LINK_ATTEMPTS; attempt++) {
    const source = requireReadable(drive, input.sourceBucket, input.sourceKey, input.sourceVersionId, 'GET')
    requireBucket(drive, input.bucket)
    input.check?.(versionInfo(input.sourceBucket, input.sourceKey, source, input.sourceVersionId, true))
    const copied = await shareData(drive, source)
    if (!copied) continue
    // A copy was made by no upload: a retried Complete of the source's upload is not about it.
    const stored: StoredObject = {
      ...withoutVersion(copied.stored),
      ...copyMetadataOf(input, source),
      mtime: Date.now(),
      uploadId: undefined,
      ...version,
    }
    const outcome = await commitObject(
      drive,
      input.bucket,
      input.key,
      stored,
      copied.inline,
      input.condition,
    ).catch(async (error) => {
      await removeDataFiles(drive, fileIdsOf(stored))
      throw error
    })
    if (outcome.missingBucket || outcome.refused) {
      await removeDataFiles(drive, fileIdsOf(stored))
      throw outcome.refused ?? noSuchBucket(input.bucket)
    }
    await removeDataFiles(drive, outcome.removed.flatMap(fileIdsOf))
    return toObjectInfo(input.bucket, input.key, stored)
  }
  throw new S3ServerError('InternalError', `The source ${input.sourceKey} kept changing while copying it.`)
}

/** A record's data and metadata without the version identity it had. */
function withoutVersion(stored: StoredObject): StoredObject {
  const copy = { ...stored }
  delete copy.versionId
  delete copy.order
  delete copy.nullOrder
  return copy
}

/** The source's data under new IDs, or undefined when a source file vanished meanwhile. */
async function shareData(
  drive: Drive,
  source: StoredObject,
): Promise<{ stored: StoredObject; inline?: Buffer } | undefined> {
  const id = createObjectId()
  if (source.layout === 'inline') {
    const blob = drive.meta.blobs.get(source.id)
    return blob ? { stored: { ...source, id }, inline: blob } : undefined
  }
  if (source.layout === 'parts') {
    const parts = (source.parts ?? []).map((p) => ({ id: createObjectId(), size: p.size }))
    const linked = await linkFiles(
      drive,
      fileIdsOf(source),
      parts.map((p) => p.id),
    )
    return linked ? { stored: { ...source, id, parts } } : undefined
  }
  return (await linkFiles(drive, [source.id], [id])) ? { stored: { ...source, id } } : undefined
}

/** Hard-links each `from` file to the matching `to` ID; all or nothing (false if one is gone). */
export async function linkFiles(drive: Drive, from: string[], to: string[]): Promise<boolean> {
  const made: string[] = []
  try {
    for (const [i, id] of from.entries()) {
      await ensureDataDir(drive.layout, to[i]!, drive.fsync)
      await link(dataPathOf(drive.layout, id), dataPathOf(drive.layout, to[i]!))
      made.push(to[i]!)
    }
    if (drive.fsync) {
      const dirs = new Set(made.map((id) => dataDirOf(drive.layout, id)))
      await Promise.all(Array.from(dirs, (dir) => syncDirectory(dir)))
    }
    return true
  } catch (error) {
    await removeDataFiles(drive, made)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}
