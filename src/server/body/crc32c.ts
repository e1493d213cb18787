// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78). node:zlib only has plain CRC-32,
// and this is small enough not to warrant a dependency.
const TABLE = new Uint32Array(256)
for (let i = 0; i < 256; i++) {
  let c = i
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1
  TABLE[i] = c >>> 0
}

/**
 * Continues a CRC-32C over `data` (start with 0).
 * @example crc32c(Buffer.from('123456789')) // 0xe3069283
 */
export function crc32c(data: Uint8Array, previous = 0): number {
  let crc = ~previous >>> 0
  for (let i = 0; i < data.length; i++) crc = TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8)
  return ~crc >>> 0
}
