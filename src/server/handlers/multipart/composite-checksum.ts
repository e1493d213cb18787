import {
  CHECKSUM_ALGORITHMS,
  CHECKSUM_PREFIX,
  type ChecksumAlgorithm,
} from '../../body/checksum-algorithms.js'
import { CRC_POLYNOMIALS, combineCrcs } from '../../body/crc-combine.js'
import { S3ServerError } from '../../errors.js'
import type { ObjectLayer, PartInfo, UploadInfo } from '../../storage/object-layer.js'

/** A part CompleteMultipartUpload names, with the `Checksum*` values its `<Part>` carried. */
export interface RequestedPart {
  partNumber: number
  etag: string
  /** By header name: `{ 'x-amz-checksum-crc32': 'b64' }`. */
  checksum: Record<string, string>
}

/** The algorithm CreateMultipartUpload's `x-amz-checksum-algorithm` named, stored with the upload. */
export const UPLOAD_ALGORITHM_HEADER = 'x-amz-checksum-algorithm'
/** The checksum type (COMPOSITE, FULL_OBJECT) recorded with the upload and stored with its object. */
export const UPLOAD_TYPE_HEADER = 'x-amz-checksum-type'

/**
 * The object checksum headers of a CompleteMultipartUpload (`{}` when the upload asked for no
 * algorithm): S3's COMPOSITE checksum, the algorithm over the concatenated binary checksums of
 * the named parts, base64 with `-<parts>`; or for a FULL_OBJECT upload the CRC of the whole
 * object, combined from the parts' CRCs and sizes (crc-combine.ts). Each `Checksum*` a `<Part>` names must equal the one
 * stored with that part (else InvalidPart); an upload created with an algorithm needs it on every
 * part (InvalidRequest). The ETag check that follows in storage pins the same bytes, so a part
 * re-uploaded in between cannot slip in.
 */
export async function compositeChecksumHeaders(
  storage: ObjectLayer,
  place: { bucket: string; key: string; uploadId: string },
  requested: RequestedPart[],
): Promise<Record<string, string>> {
  const { upload, parts } = await listAllParts(storage, place)
  const named = upload.headers[UPLOAD_ALGORITHM_HEADER]
  const algorithm = named === undefined ? undefined : CHECKSUM_ALGORITHMS[named.toLowerCase()]
  const digests: Array<{ crc: Uint8Array; size: number }> = []
  for (const want of requested) {
    const stored = parts.get(want.partNumber)?.checksum ?? {}
    for (const [header, value] of Object.entries(want.checksum)) {
      if (stored[header] !== value) throw invalidPart(place.uploadId, want)
    }
    if (!algorithm) continue
    const header = CHECKSUM_PREFIX + named!.toLowerCase()
    if (want.checksum[header] === undefined) {
      throw new S3ServerError(
        'InvalidRequest',
        `The upload was created using a ${algorithm.name} checksum. The complete request must include the checksum for each part. It was missing for part ${want.partNumber} in the request.`,
      )
    }
    digests.push({
      crc: Buffer.from(want.checksum[header], 'base64'),
      size: parts.get(want.partNumber)!.size,
    })
  }
  if (!algorithm || !named) return {}
  const suffix = named.toLowerCase()
  const poly = CRC_POLYNOMIALS[suffix]
  if (upload.headers[UPLOAD_TYPE_HEADER] === 'FULL_OBJECT' && poly) {
    const whole = Buffer.from(combineCrcs(poly, digests)).toString('base64')
    return { [CHECKSUM_PREFIX + suffix]: whole, [UPLOAD_TYPE_HEADER]: 'FULL_OBJECT' }
  }
  const composite = await digestOf(
    algorithm,
    digests.map((d) => d.crc),
  )
  return { [CHECKSUM_PREFIX + suffix]: `${composite}-${requested.length}`, [UPLOAD_TYPE_HEADER]: 'COMPOSITE' }
}

async function digestOf(algorithm: ChecksumAlgorithm, chunks: Uint8Array[]): Promise<string> {
  const checksum = algorithm.create()
  for (const chunk of chunks) checksum.update(chunk)
  return Buffer.from(await checksum.digest()).toString('base64')
}

function invalidPart(uploadId: string, part: RequestedPart): S3ServerError {
  return new S3ServerError('InvalidPart', undefined, {
    UploadId: uploadId,
    PartNumber: String(part.partNumber),
    ETag: part.etag,
  })
}

// At most 10 pages: an upload has at most 10,000 parts.
async function listAllParts(
  storage: ObjectLayer,
  place: { bucket: string; key: string; uploadId: string },
): Promise<{ upload: UploadInfo; parts: Map<number, PartInfo> }> {
  const parts = new Map<number, PartInfo>()
  let marker = 0
  for (;;) {
    const page = await storage.listParts({ ...place, partNumberMarker: marker, maxParts: 1000 })
    for (const part of page.parts) parts.set(part.partNumber, part)
    if (!page.isTruncated || page.nextPartNumberMarker === undefined || page.nextPartNumberMarker <= marker) {
      return { upload: page.upload, parts }
    }
    marker = page.nextPartNumberMarker
  }
}
