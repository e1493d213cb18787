/**
 * Compares two strings by their UTF-8 bytes, S3's listing order (JS `<` compares UTF-16 units,
 * which differs above U+FFFF). The single drive's key codec orders LMDB keys this way, and the
 * erasure layer merges the drives' pages in the same order.
 */
export function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}
