/**
 * Stored headers whose names start with this prefix are the server's own records (the encrypting
 * layer's `x-silo-internal-sse-*`, the object's tags `x-silo-internal-tags`): never answered as
 * headers, never listed, never settable by a client. The handlers store only `x-amz-meta-*`, the
 * storage class and a few standard headers from a request (objects/object-metadata.ts), so no
 * client header or POST field reaches this prefix; the response side filters it here.
 */
export const INTERNAL_HEADER_PREFIX = 'x-silo-internal-'

/**
 * Whether a stored header (lower-case name) is one of the server's internal records.
 *
 * @example isInternalHeader('x-silo-internal-tags') // true
 */
export function isInternalHeader(name: string): boolean {
  return name.startsWith(INTERNAL_HEADER_PREFIX)
}

/**
 * The stored header holding an object's tags, URL-encoded as `x-amz-tagging` (`k1=v1&k2=v2`);
 * src/server/tagging reads and writes it. A copy keeps it unless asked otherwise
 * (copy-metadata.ts), whatever the metadata directive.
 */
export const TAGS_HEADER = `${INTERNAL_HEADER_PREFIX}tags`
