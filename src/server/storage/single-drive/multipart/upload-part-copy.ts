import { createReadStream } from 'node:fs'
import { S3ServerError } from '../../../errors.js'
import { checkPartNumber } from '../../common/part-checks.js'
import { createPartDigester, type PartDigests, uploadChecksumSuffix } from '../../common/part-copy-digests.js'
import type { ByteRange, PartInfo, UploadPartCopyInput } from '../../object-layer.js'
import { linkFiles } from '../copy-object.js'
import { removeDataFile } from '../data-files.js'
import type { Drive } from '../drive.js'
import { createObjectId, dataPathOf } from '../layout.js'
import { requireReadable, versionInfo } from '../read-version.js'
import type { StoredObject } from '../records.js'
import { requireUpload } from './require-upload.js'
import { storePart } from './upload-part.js'

// The source can be replaced (and its files unlinked) between reading its record and linking
// its file; a retry reads the newer record (as CopyObject does).
const LINK_ATTEMPTS = 5
const CHECKSUM_PREFIX = 'x-amz-checksum-'
const NOT_CHECKSUMS = new Set(['x-amz-checksum-type', 'x-amz-checksum-algorithm'])
const PLAIN_MD5 = /^[0-9a-f]{32}$/

/** A data file of the source holding exactly the bytes to copy, and what is known of them. */
interface SharedFile {
  id: string
  size: number
  /** Hex MD5 of the bytes when the record says it (a single-part object's ETag). */
  md5?: string
  /** Checksums of exactly these bytes the record holds, by header name. */
  checksums: Record<string, string>
}

/**
 * UploadPartCopy without copying bytes where it can: when the bytes to copy are exactly one data
 * file of the source (the whole of a single-file object, or one part of a multipart object), the
 * part's data file is a hard link of it under a new ID. Data files are never written after they
 * are committed, and each name belongs to one record (removing a name never takes another's
 * bytes), so deleting or overwriting the source, or aborting the upload, leaves the other intact.
 * The part's ETag is the MD5 of the bytes (the source's single-part ETag, else the linked file is
 * read and hashed, which still writes nothing), with the upload's checksum when it has an
 * algorithm (the source's when it holds that checksum of these bytes, else computed the same way).
 * Anything else (an inline source, a range that is not one whole file) is copied by `copyBytes`.
 * A crash between the link and the part's commit leaves an unreferenced name, which the
 * after-crash sweep removes (recovery.ts).
 */
export async function uploadPartCopy(
  drive: Drive,
  input: UploadPartCopyInput,
  copyBytes: () => Promise<PartInfo>,
): Promise<PartInfo> {
  checkPartNumber(input.partNumber)
  const upload = requireUpload(drive, input.bucket, input.key, input.uploadId)
  const suffix = uploadChecksumSuffix(upload.headers)
  for (let attempt = 0; attempt < LINK_ATTEMPTS; attempt++) {
    const source = requireReadable(drive, input.sourceBucket, input.sourceKey, input.sourceVersionId, 'GET')
    const shared = sharedFileOf(source, input.range)
    if (!shared) return copyBytes()
    input.check?.(versionInfo(input.sourceBucket, input.sourceKey, source, input.sourceVersionId, true))
    const id = createObjectId()
    if (!(await linkFiles(drive, [shared.id], [id]))) continue
    let digests: PartDigests
    try {
      digests = await digestsOf(drive, id, shared, suffix)
    } catch (error) {
      await removeDataFile(drive, id)
      throw error
    }
    return storePart(
      drive,
      input,
      id,
      { size: shared.size, md5Hex: digests.md5Hex },
      { etag: digests.md5Hex, checksum: digests.checksum },
    )
  }
  throw new S3ServerError('InternalError', `The source ${input.sourceKey} kept changing while copying it.`)
}

/** The data file holding exactly `range` of the source (all of it when absent), if one does. */
function sharedFileOf(source: StoredObject, range: ByteRange | undefined): SharedFile | undefined {
  if (source.layout === 'inline') return undefined
  const start = range?.start ?? 0
  const end = range?.end ?? source.size - 1
  if (source.layout === 'parts') {
    let offset = 0
    for (const part of source.parts ?? []) {
      if (offset === start && offset + part.size - 1 === end) {
        return { id: part.id, size: part.size, checksums: { ...part.checksum } }
      }
      offset += part.size
    }
    return undefined
  }
  if (start !== 0 || end !== source.size - 1) return undefined
  const checksums: Record<string, string> = {}
  for (const [name, value] of Object.entries(source.headers)) {
    // A full-object checksum (not a COMPOSITE `-N` one, nor the type or algorithm header).
    if (name.startsWith(CHECKSUM_PREFIX) && !NOT_CHECKSUMS.has(name) && !value.includes('-'))
      checksums[name] = value
  }
  const md5 = PLAIN_MD5.test(source.etag) ? source.etag : undefined
  return { id: source.id, size: source.size, md5, checksums }
}

/** The part's MD5 and checksum: from the record when it has them, else read from the linked file. */
async function digestsOf(
  drive: Drive,
  id: string,
  shared: SharedFile,
  suffix: string | undefined,
): Promise<PartDigests> {
  const header = suffix === undefined ? undefined : CHECKSUM_PREFIX + suffix
  const knownChecksum = header === undefined ? {} : pick(shared.checksums, header)
  const needChecksum = header !== undefined && knownChecksum[header] === undefined
  if (shared.md5 !== undefined && !needChecksum) return { md5Hex: shared.md5, checksum: knownChecksum }
  const digester = createPartDigester({
    md5: shared.md5 === undefined,
    suffix: needChecksum ? suffix : undefined,
  })
  for await (const chunk of createReadStream(dataPathOf(drive.layout, id))) digester.update(chunk as Buffer)
  const read = await digester.finish()
  return {
    md5Hex: shared.md5 ?? read.md5Hex,
    checksum: { ...knownChecksum, ...read.checksum },
  }
}

function pick(values: Record<string, string>, name: string): Record<string, string> {
  return values[name] === undefined ? {} : { [name]: values[name] }
}
