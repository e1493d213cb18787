import { uriEncodePath } from '../../../shared/sigv4/uri-encode.js'

/**
 * Encodes a key or prefix for a listing answer: percent-encoded UTF-8 (keeping `/`) when the
 * client asked for `encoding-type=url`, so keys holding characters XML 1.0 cannot carry survive;
 * as is otherwise. Clients decode with decodeURIComponent (minio-js first turns `+` into a
 * space, which is why `+` is encoded too).
 *
 * @example encodeName('a b+c', 'url') // 'a%20b%2Bc'
 */
export function encodeName(name: string, encoding: 'url' | undefined): string {
  return encoding === 'url' ? uriEncodePath(name) : name
}

/** {@link encodeName} for optional fields: undefined stays undefined (the element is left out). */
export function encodeOptional(name: string | undefined, encoding: 'url' | undefined): string | undefined {
  return name === undefined ? undefined : encodeName(name, encoding)
}
