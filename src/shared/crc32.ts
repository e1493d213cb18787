/**
 * CRC-32 (the IEEE polynomial of zlib, gzip and the AWS event stream), table-driven and
 * isomorphic: the SDK checks S3 Select's event-stream frames with it in browsers too. The server
 * prefers node:zlib's native crc32 where Node has it (src/server/crc32.ts).
 */

let table: Uint32Array | undefined

/**
 * The CRC-32 of `data`, continuing from `previous` (the CRC of the bytes before it), so a
 * message read in pieces is checked without joining them.
 *
 * @example crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 */
export function crc32(data: Uint8Array, previous = 0): number {
  table ??= buildTable()
  let crc = (previous ^ 0xffffffff) >>> 0
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function buildTable(): Uint32Array {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
}
