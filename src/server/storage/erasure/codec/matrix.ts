import { gfInverse, gfMultiply, gfPower } from './gf256.js'

/** A matrix over GF(2^8), one Uint8Array per row. */
export type Matrix = Uint8Array[]

/**
 * The systematic encoding matrix of a data+parity code, built as klauspost/reedsolomon and
 * Backblaze's JavaReedSolomon build it: the (data+parity) x data Vandermonde matrix
 * (row r, column c = r^c), times the inverse of its top data x data square, so the top becomes
 * the identity (data shards are stored as they are) and any `data` rows stay invertible (the
 * rows of a Vandermonde matrix with distinct points 0..255 are independent, and multiplying by
 * an invertible matrix keeps them so). That is why data + parity may not exceed 256.
 */
export function buildEncodingMatrix(data: number, parity: number): Matrix {
  const total = data + parity
  const vandermonde: Matrix = []
  for (let r = 0; r < total; r++) {
    const row = new Uint8Array(data)
    for (let c = 0; c < data; c++) row[c] = gfPower(r, c)
    vandermonde.push(row)
  }
  return multiplyMatrices(vandermonde, invertMatrix(vandermonde.slice(0, data)))
}

/** a x b; a's column count must equal b's row count. */
export function multiplyMatrices(a: Matrix, b: Matrix): Matrix {
  const inner = b.length
  const columns = b[0]?.length ?? 0
  return a.map((rowA) => {
    if (rowA.length !== inner)
      throw new RangeError(`cannot multiply: ${rowA.length} columns by ${inner} rows`)
    const out = new Uint8Array(columns)
    for (let c = 0; c < columns; c++) {
      let sum = 0
      for (let k = 0; k < inner; k++) sum ^= gfMultiply(rowA[k]!, b[k]![c]!)
      out[c] = sum
    }
    return out
  })
}

/**
 * The inverse of a square matrix by Gauss-Jordan elimination over GF(2^8) (subtraction is XOR).
 * Throws when it is singular, which a sub-matrix of an encoding matrix never is.
 */
export function invertMatrix(matrix: Matrix): Matrix {
  const n = matrix.length
  // Work on [matrix | identity]; when the left half is the identity, the right is the inverse.
  const work = matrix.map((row, r) => {
    if (row.length !== n) throw new RangeError(`cannot invert a ${n} x ${row.length} matrix`)
    const wide = new Uint8Array(2 * n)
    wide.set(row)
    wide[n + r] = 1
    return wide
  })
  for (let col = 0; col < n; col++) {
    let pivot = col
    while (pivot < n && work[pivot]![col] === 0) pivot++
    if (pivot === n) throw new Error('matrix is singular')
    if (pivot !== col) [work[col], work[pivot]] = [work[pivot]!, work[col]!]
    const pivotRow = work[col]!
    const scale = gfInverse(pivotRow[col]!)
    for (let c = 0; c < 2 * n; c++) pivotRow[c] = gfMultiply(pivotRow[c]!, scale)
    for (let r = 0; r < n; r++) {
      const row = work[r]!
      const factor = row[col]!
      if (r === col || factor === 0) continue
      for (let c = 0; c < 2 * n; c++) row[c] = row[c]! ^ gfMultiply(factor, pivotRow[c]!)
    }
  }
  return work.map((row) => row.slice(n))
}
