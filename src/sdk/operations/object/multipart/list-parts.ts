/** ListParts: `GET /bucket/key?uploadId=ID`, paged by part-number-marker. */
import { readXml } from '../../../transport/parse.js'
import type { Transport } from '../../../transport/transport.js'
import { childrenOf, textOf } from '../../../transport/xml.js'

/** A part of an incomplete upload, as ListParts reports it. */
export interface ListedPart {
  partNumber: number
  /** ETag without quotes: the hex MD5 of the part's bytes. */
  etag: string
  size: number
  lastModified: Date
}

/**
 * Every part of an upload, one page (up to 1,000 parts) fetched at a time.
 * @example
 * for await (const part of listParts(transport, 'photos', 'big.bin', uploadId)) total += part.size
 */
export async function* listParts(
  t: Transport,
  bucket: string,
  key: string,
  uploadId: string,
  signal?: AbortSignal,
): AsyncGenerator<ListedPart> {
  let marker = ''
  for (;;) {
    const query: Record<string, string> = { uploadId, 'max-parts': '1000' }
    if (marker !== '') query['part-number-marker'] = marker
    const page = await t.call({ method: 'GET', bucket, key, query, signal }, (res) =>
      readXml(res, 'ListPartsResult'),
    )
    const parts = childrenOf(page, 'Part')
    for (const part of parts) {
      yield {
        partNumber: Number(textOf(part, 'PartNumber')),
        etag: textOf(part, 'ETag').replace(/"/g, ''),
        size: Number(textOf(part, 'Size')),
        lastModified: new Date(textOf(part, 'LastModified')),
      }
    }
    const next = textOf(page, 'NextPartNumberMarker') || textOf(parts.at(-1), 'PartNumber')
    // Stop also when a truncated page makes no progress, rather than asking for it forever.
    if (textOf(page, 'IsTruncated') !== 'true' || next === '' || next === marker) return
    marker = next
  }
}
