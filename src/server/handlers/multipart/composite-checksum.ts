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
  asked: CompleteChecks = {},
): Promise<Record<string, string>> {
  const { upload, parts } = await listAllParts(storage, place)
  checkObjectSize(asked.objectSize, requested, parts)
  const computed = await objectChecksumHeaders(upload, parts, requested, place.uploadId)
  checkAskedChecksum(asked, upload, computed)
  return computed
}

/**
 * What a CompleteMultipartUpload request states about the object it makes, each checked against
 * the upload (S3's headers; none is ignored): a whole-object checksum (`x-amz-checksum-<alg>`),
 * the checksum type (`x-amz-checksum-type`) and the size (`x-amz-mp-object-size`).
 */
export interface CompleteChecks {
  /** By header name: `{ 'x-amz-checksum-crc32': 'b64' }`. */
  checksums?: Record<string, string>
  type?: string
  objectSize?: string
}

/**
 * The checks a Complete request asks for, read from its headers.
 * @example readCompleteChecks(req.headers) // { checksums: { 'x-amz-checksum-crc32': '...' } }
 */
export function readCompleteChecks(headers: Record<string, string | string[] | undefined>): CompleteChecks {
  const checksums: Record<string, string> = {}
  for (const name of Object.keys(CHECKSUM_ALGORITHMS)) {
    const value = headers[CHECKSUM_PREFIX + name]
    if (value !== undefined) checksums[CHECKSUM_PREFIX + name] = String(value)
  }
  const type = headers[UPLOAD_TYPE_HEADER]
  const size = headers['x-amz-mp-object-size']
  return {
    checksums,
    ...(type === undefined ? {} : { type: String(type).toUpperCase() }),
    ...(size === undefined ? {} : { objectSize: String(size) }),
  }
}

/** `x-amz-mp-object-size` must be the sum of the named parts' sizes (400 InvalidRequest). */
function checkObjectSize(
  stated: string | undefined,
  requested: RequestedPart[],
  parts: Map<number, PartInfo>,
) {
  if (stated === undefined) return
  if (!/^\d{1,16}$/.test(stated)) {
    throw new S3ServerError(
      'InvalidArgument',
      `x-amz-mp-object-size must be a number of bytes, got "${stated}".`,
      {
        ArgumentName: 'x-amz-mp-object-size',
        ArgumentValue: stated,
      },
    )
  }
  // A part that does not exist fails later as InvalidPart; it adds nothing here.
  const actual = requested.reduce((sum, part) => sum + (parts.get(part.partNumber)?.size ?? 0), 0)
  if (Number(stated) !== actual) {
    throw new S3ServerError(
      'InvalidRequest',
      `The value of x-amz-mp-object-size (${stated}) does not match the size of the object the parts make (${actual} bytes).`,
    )
  }
}

/**
 * A whole-object checksum header must be of the upload's algorithm and equal the computed one
 * (400 BadDigest otherwise; a COMPOSITE value may be given without its `-<parts>` suffix), and a
 * checksum type must be the upload's (400 InvalidRequest).
 */
function checkAskedChecksum(asked: CompleteChecks, upload: UploadInfo, computed: Record<string, string>) {
  const uploadType = upload.headers[UPLOAD_TYPE_HEADER]
  if (asked.type !== undefined && asked.type !== uploadType) {
    throw new S3ServerError(
      'InvalidRequest',
      uploadType === undefined
        ? `The upload was created without a checksum algorithm; the complete request cannot ask for the ${asked.type} checksum type.`
        : `The upload was created using the ${uploadType} checksum mode. The complete request must use the same checksum mode.`,
    )
  }
  for (const [header, value] of Object.entries(asked.checksums ?? {})) {
    const ours = computed[header]
    if (ours === undefined) {
      const named = upload.headers[UPLOAD_ALGORITHM_HEADER]
      throw new S3ServerError(
        'InvalidRequest',
        named === undefined
          ? `The upload was created without a checksum algorithm, so ${header} cannot be checked.`
          : `The upload was created using a ${named.toUpperCase()} checksum; ${header} cannot be checked against it.`,
      )
    }
    if (value !== ours && value !== ours.replace(/-\d+$/, '')) {
      throw new S3ServerError(
        'BadDigest',
        `The ${header.slice(CHECKSUM_PREFIX.length).toUpperCase()} you specified did not match the calculated checksum.`,
      )
    }
  }
}

/** The object's checksum headers computed from its parts' (see compositeChecksumHeaders). */
async function objectChecksumHeaders(
  upload: UploadInfo,
  parts: Map<number, PartInfo>,
  requested: RequestedPart[],
  uploadId: string,
): Promise<Record<string, string>> {
  const named = upload.headers[UPLOAD_ALGORITHM_HEADER]
  const algorithm = named === undefined ? undefined : CHECKSUM_ALGORITHMS[named.toLowerCase()]
  const digests: Array<{ crc: Uint8Array; size: number }> = []
  for (const want of requested) {
    const stored = parts.get(want.partNumber)?.checksum ?? {}
    for (const [header, value] of Object.entries(want.checksum)) {
      if (stored[header] !== value) throw invalidPart(uploadId, want)
    }
    if (!algorithm || !named) continue
    const header = CHECKSUM_PREFIX + named.toLowerCase()
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
