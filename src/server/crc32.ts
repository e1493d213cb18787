import * as zlib from 'node:zlib'
import { crc32 as tableCrc32 } from '../shared/crc32.js'

// zlib.crc32 arrived in Node 20.15 (and 22.2); older 20.x releases use the table version.
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32

/**
 * The CRC-32 of `data` continuing from `previous`: node:zlib's native one where Node has it,
 * else the shared table version (the same function as the SDK's).
 *
 * @example crc32(Buffer.from('123456789')) // 0xcbf43926
 */
export const crc32: (data: Uint8Array, previous?: number) => number = nativeCrc32
  ? (data, previous = 0) => nativeCrc32(data, previous)
  : tableCrc32
