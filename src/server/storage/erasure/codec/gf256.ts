/**
 * Arithmetic in GF(2^8) with the field polynomial 0x11d (x^8 + x^4 + x^3 + x^2 + 1) and
 * generator 2: the field klauspost/reedsolomon, Backblaze's JavaReedSolomon and ISA-L use, so
 * their matrices and test vectors apply here. Addition is XOR; multiplication goes through
 * log/exp tables, and the coders read a full 256 x 256 product table.
 */

/** The field polynomial, with the x^8 bit. */
export const FIELD_POLYNOMIAL = 0x11d

/** EXP[i] = 2^i for i in 0..509, doubled so EXP[log a + log b] needs no modulo. */
const EXP = new Uint8Array(510)
/** LOG[a] = i with 2^i = a, for a in 1..255 (LOG[0] is unused: 0 has no logarithm). */
const LOG = new Uint8Array(256)

{
  let x = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = x
    EXP[i + 255] = x
    LOG[x] = i
    x <<= 1
    if (x & 0x100) x ^= FIELD_POLYNOMIAL
  }
}

/** a * b in the field. */
export function gfMultiply(a: number, b: number): number {
  if (a === 0 || b === 0) return 0
  return EXP[LOG[a]! + LOG[b]!]!
}

/** The a with a * x = 1; RangeError for 0, which has none. */
export function gfInverse(x: number): number {
  if (x === 0) throw new RangeError('0 has no multiplicative inverse in GF(2^8)')
  return EXP[255 - LOG[x]!]!
}

/** a to the power n (n >= 0), with 0^0 = 1 as the Vandermonde construction wants. */
export function gfPower(a: number, n: number): number {
  if (n === 0) return 1
  if (a === 0) return 0
  return EXP[(LOG[a]! * n) % 255]!
}

/**
 * MUL_TABLE[c * 256 + x] = c * x: 64 KiB, so the portable coder multiplies a whole shard by one
 * coefficient with one table row (`subarray(c * 256, c * 256 + 256)`) and one lookup per byte.
 */
export const MUL_TABLE: Uint8Array = (() => {
  const table = new Uint8Array(65536)
  for (let c = 1; c < 256; c++) {
    for (let x = 1; x < 256; x++) table[c * 256 + x] = EXP[LOG[c]! + LOG[x]!]!
  }
  return table
})()

/**
 * The two 16-entry tables the SIMD coder multiplies by `c` with: c * x = LOW[x & 15] ^ HIGH[x >> 4]
 * (multiplication distributes over the XOR of x's two nibbles). Written at `out[offset..+32)`,
 * low table first.
 */
export function writeNibbleTables(c: number, out: Uint8Array, offset: number): void {
  for (let n = 0; n < 16; n++) {
    out[offset + n] = gfMultiply(c, n)
    out[offset + 16 + n] = gfMultiply(c, n << 4)
  }
}
