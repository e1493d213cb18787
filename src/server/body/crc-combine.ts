/**
 * Combining CRCs without the data (zlib's crc32_combine, generalised to any reflected CRC): the
 * CRC of A‖B from CRC(A), CRC(B) and B's length. S3's FULL_OBJECT multipart checksum is the
 * CRC of the whole object, made this way from the parts' CRCs. Works on the final values of
 * CRCs whose initial value and final XOR are all ones (CRC32, CRC32C, CRC64NVME): that
 * conditioning cancels out.
 */

/** A reflected CRC: its width in bits and its reversed polynomial. */
export interface CrcPolynomial {
  width: number
  reversed: bigint
}

/** The CRCs S3 offers, by their `x-amz-checksum-<suffix>`. */
export const CRC_POLYNOMIALS: Readonly<Record<string, CrcPolynomial>> = {
  crc32: { width: 32, reversed: 0xedb88320n },
  crc32c: { width: 32, reversed: 0x82f63b78n },
  crc64nvme: { width: 64, reversed: 0x9a6c9329ac4bc9b5n },
}

// a·b modulo the polynomial, both in the reflected bit order (the top bit is x^0).
function multiplyModP(poly: CrcPolynomial, a: bigint, b: bigint): bigint {
  let m = 1n << BigInt(poly.width - 1)
  let product = 0n
  while (m !== 0n) {
    if ((a & m) !== 0n) product ^= b
    m >>= 1n
    b = (b & 1n) !== 0n ? (b >> 1n) ^ poly.reversed : b >> 1n
  }
  return product
}

// x^(2^k · n bits) modulo the polynomial, by squaring: n is a byte count, so k starts at 3.
function shiftOperator(poly: CrcPolynomial, bytes: number): bigint {
  let power = 1n << BigInt(poly.width - 2) // x^1
  for (let k = 0; k < 3; k++) power = multiplyModP(poly, power, power) // x^8: one byte
  let result = 1n << BigInt(poly.width - 1) // x^0
  let n = BigInt(bytes)
  while (n > 0n) {
    if ((n & 1n) !== 0n) result = multiplyModP(poly, power, result)
    power = multiplyModP(poly, power, power)
    n >>= 1n
  }
  return result
}

/**
 * The CRC of the concatenation of parts, from each part's CRC (big-endian bytes, as S3's base64
 * values decode to) and length.
 *
 * @example combineCrcs(CRC_POLYNOMIALS.crc32, [{ crc: a, size: 5 }, { crc: b, size: 3 }]) // CRC32 of the 8 bytes
 */
export function combineCrcs(
  poly: CrcPolynomial,
  parts: Array<{ crc: Uint8Array; size: number }>,
): Uint8Array {
  let crc = 0n
  for (const [i, part] of parts.entries()) {
    const next = BigInt(`0x${Buffer.from(part.crc).toString('hex')}`)
    crc = i === 0 ? next : multiplyModP(poly, shiftOperator(poly, part.size), crc) ^ next
  }
  return Buffer.from(crc.toString(16).padStart(poly.width / 4, '0'), 'hex')
}
