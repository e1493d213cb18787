/** ListMultipartUploads: `GET /bucket?uploads`, paged by key-marker and upload-id-marker. */
import { readXml } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { childrenOf, textOf, type XmlNode } from '../../transport/xml.js'
import { decodeListedKey } from './listing-stream.js'

/** Who started or owns an upload, as ListMultipartUploads names them. */
export interface UploadParty {
  id: string
  displayName: string
}

/** An incomplete upload as ListMultipartUploads reports it (no size: that needs ListParts). */
export interface ListedUpload {
  key: string
  uploadId: string
  initiated: Date
  /** Present when the server sends them (as minio-js reports them). */
  storageClass?: string
  initiator?: UploadParty
  owner?: UploadParty
}

/** One page of incomplete uploads. */
export interface UploadsPage {
  uploads: ListedUpload[]
  prefixes: string[]
}

/**
 * Every page of incomplete uploads under `prefix` (`delimiter` '/' groups them by folder).
 * Unlike minio-js, the upload-id marker is read from `NextUploadIdMarker` (facts §2.9), so keys
 * with more than one page of uploads are listed in full.
 * @example
 * for await (const page of listMultipartUploads(transport, 'photos', 'big.bin', '')) console.log(page.uploads)
 */
export async function* listMultipartUploads(
  t: Transport,
  bucket: string,
  prefix: string,
  delimiter: string,
  signal?: AbortSignal,
): AsyncGenerator<UploadsPage> {
  let keyMarker = ''
  let uploadIdMarker = ''
  for (;;) {
    const query: Record<string, string> = { uploads: '', delimiter, 'max-uploads': '1000', prefix }
    query['encoding-type'] = 'url'
    if (keyMarker !== '') query['key-marker'] = keyMarker
    if (uploadIdMarker !== '') query['upload-id-marker'] = uploadIdMarker
    const result = await t.call({ method: 'GET', bucket, query, signal }, (res) =>
      readXml(res, 'ListMultipartUploadsResult'),
    )
    const encoded = textOf(result, 'EncodingType') === 'url'
    yield {
      uploads: childrenOf(result, 'Upload').map((u) => listedUpload(u, encoded)),
      prefixes: childrenOf(result, 'CommonPrefixes').map((p) =>
        decodeListedKey(textOf(p, 'Prefix'), encoded),
      ),
    }
    const nextKey = decodeListedKey(textOf(result, 'NextKeyMarker'), encoded)
    const nextId = textOf(result, 'NextUploadIdMarker')
    const stuck = nextKey === keyMarker && nextId === uploadIdMarker
    if (textOf(result, 'IsTruncated') !== 'true' || nextKey === '' || stuck) return
    keyMarker = nextKey
    uploadIdMarker = nextId
  }
}

function listedUpload(u: XmlNode, encoded: boolean): ListedUpload {
  const upload: ListedUpload = {
    key: decodeListedKey(textOf(u, 'Key'), encoded),
    uploadId: textOf(u, 'UploadId'),
    initiated: new Date(textOf(u, 'Initiated')),
  }
  const storageClass = textOf(u, 'StorageClass')
  if (storageClass !== '') upload.storageClass = storageClass
  const [initiator] = childrenOf(u, 'Initiator')
  if (initiator)
    upload.initiator = { id: textOf(initiator, 'ID'), displayName: textOf(initiator, 'DisplayName') }
  const [owner] = childrenOf(u, 'Owner')
  if (owner) upload.owner = { id: textOf(owner, 'ID'), displayName: textOf(owner, 'DisplayName') }
  return upload
}

/**
 * The incomplete uploads of exactly `key`, oldest first.
 * @example
 * const uploads = await uploadsOfKey(transport, 'photos', 'big.bin')
 */
export async function uploadsOfKey(
  t: Transport,
  bucket: string,
  key: string,
  signal?: AbortSignal,
): Promise<ListedUpload[]> {
  const found: ListedUpload[] = []
  for await (const page of listMultipartUploads(t, bucket, key, '', signal)) {
    for (const upload of page.uploads) if (upload.key === key) found.push(upload)
    // Keys sort after their prefix, so once a page passes `key` no later page has it.
    if (page.uploads.some((u) => u.key > key)) break
  }
  return found.sort((a, b) => a.initiated.getTime() - b.initiated.getTime())
}
