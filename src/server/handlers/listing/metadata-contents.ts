import { TAGS_HEADER } from '../../storage/common/internal-headers.js'
import { storageClassOf } from '../../storage/common/storage-class.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { encodeName } from './encode-names.js'
import { escapeXmlText, type Owner } from './list-xml.js'

/** Stored standard headers MinIO lists with the user metadata (lower-case, as it does). */
const STANDARD = ['cache-control', 'content-disposition', 'content-encoding', 'content-language', 'expires']

// An element name XML 1.0 can carry; metadata names are HTTP tokens, which allow more
// (`!`, `#`, `*`...): such an entry cannot be an element and is left out of the listing.
const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/

/**
 * What of an object's metadata the caller may see in the listing: the user metadata needs
 * s3:GetObject on the key (it is what HEAD answers), the tags s3:GetObjectTagging.
 */
export interface MetadataShown {
  metadata: boolean
  tags: boolean
}

const ALL: MetadataShown = { metadata: true, tags: true }

/**
 * `<Contents>` entries of MinIO's ListObjectsV2 extension (`metadata=true`, what minio-js's
 * `extensions.listObjectsV2WithMetadata` reads): the usual elements, then `<UserMetadata>` with one
 * element per `x-amz-meta-*` header (named as MinIO names them, `X-Amz-Meta-Color`), the
 * Content-Type (`content-type`) and the standard stored headers, then `<UserTags>` with the tags
 * in their query form (`k=v&k2=v2`) when the object has some. `shown[i]` (default: all) leaves out
 * what the caller may not read of `objects[i]`.
 *
 * @example renderContentsWithMetadata(page.objects, { encoding: 'url' })
 */
export function renderContentsWithMetadata(
  objects: readonly ObjectInfo[],
  options: { encoding: 'url' | undefined; owner?: Owner; shown?: readonly MetadataShown[] },
): string {
  const owner = options.owner
    ? `<Owner><ID>${escapeXmlText(options.owner.ID)}</ID><DisplayName>${escapeXmlText(options.owner.DisplayName)}</DisplayName></Owner>`
    : ''
  let out = ''
  for (const [i, o] of objects.entries()) {
    const shown = options.shown?.[i] ?? ALL
    const tags = shown.tags ? o.headers[TAGS_HEADER] : undefined
    out +=
      `<Contents><Key>${escapeXmlText(encodeName(o.key, options.encoding))}</Key>` +
      `<LastModified>${o.lastModified.toISOString()}</LastModified>` +
      `<ETag>&quot;${escapeXmlText(o.etag)}&quot;</ETag><Size>${o.size}</Size>${owner}` +
      `<StorageClass>${storageClassOf(o.headers)}</StorageClass>` +
      (shown.metadata ? `<UserMetadata>${renderUserMetadata(o)}</UserMetadata>` : '') +
      (tags ? `<UserTags>${escapeXmlText(tags)}</UserTags>` : '') +
      '</Contents>'
  }
  return out
}

function renderUserMetadata(o: ObjectInfo): string {
  let out = ''
  for (const [name, value] of Object.entries(o.headers)) {
    if (!name.startsWith('x-amz-meta-')) continue
    const element = canonical(name)
    if (XML_NAME.test(element)) out += `<${element}>${escapeXmlText(value)}</${element}>`
  }
  out += `<content-type>${escapeXmlText(o.contentType)}</content-type>`
  for (const name of STANDARD) {
    const value = o.headers[name]
    if (value !== undefined) out += `<${name}>${escapeXmlText(value)}</${name}>`
  }
  return out
}

/** `x-amz-meta-color` → `X-Amz-Meta-Color` (Go's canonical header form, as MinIO writes it). */
function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())
}
