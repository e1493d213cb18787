import { storageClassOf } from '../../storage/common/storage-class.js'
import { NULL_VERSION_ID } from '../../storage/common/version-id.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { encodeName } from '../listing/encode-names.js'
import { escapeXmlText, type Owner } from '../listing/list-xml.js'

/**
 * `<Version>` and `<DeleteMarker>` entries of a ListVersionsResult, interleaved in the order
 * given (keys in order, a key's versions newest first), in the S3 reference's element order.
 * A version stored before its bucket had versioning has no ID: it is the null version.
 *
 * @example renderVersions(page.versions, { encoding: undefined, owner })
 */
export function renderVersions(
  versions: readonly ObjectInfo[],
  options: { encoding: 'url' | undefined; owner: Owner },
): string {
  const owner = `<Owner><ID>${escapeXmlText(options.owner.ID)}</ID><DisplayName>${escapeXmlText(options.owner.DisplayName)}</DisplayName></Owner>`
  let out = ''
  for (const v of versions) {
    const head = `<Key>${escapeXmlText(encodeName(v.key, options.encoding))}</Key><VersionId>${escapeXmlText(v.versionId ?? NULL_VERSION_ID)}</VersionId><IsLatest>${v.isLatest === true}</IsLatest><LastModified>${v.lastModified.toISOString()}</LastModified>`
    if (v.deleteMarker) {
      out += `<DeleteMarker>${head}${owner}</DeleteMarker>`
      continue
    }
    out += `<Version>${head}<ETag>&quot;${escapeXmlText(v.etag)}&quot;</ETag><Size>${v.size}</Size>${owner}<StorageClass>${storageClassOf(v.headers)}</StorageClass></Version>`
  }
  return out
}
