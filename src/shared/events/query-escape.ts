/**
 * Escapes an object key the way S3 (and MinIO, via Go's `url.QueryEscape`) writes
 * `s3.object.key` in event records: every byte except `A-Z a-z 0-9 - _ . ~` is `%XX`-encoded
 * (upper-case hex, UTF-8) and a space becomes `+`.
 *
 * @example escapeEventKey('photos/my cat+dog.jpg') // 'photos%2Fmy+cat%2Bdog.jpg'
 */
export function escapeEventKey(key: string): string {
  return encodeURIComponent(key)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** The raw key back from `escapeEventKey`'s output. */
export function unescapeEventKey(escaped: string): string {
  return decodeURIComponent(escaped.replace(/\+/g, ' '))
}
