import type { Matrix } from './matrix.js'

/**
 * Multiplies a fixed matrix by shards: `outputs[r] = XOR over c of rows[r][c] * inputs[c]`,
 * byte by byte in GF(2^8). Inputs and outputs all have the same length; outputs are overwritten.
 * Encoding is this with the parity rows of the encoding matrix, reconstruction with rows of an
 * inverted sub-matrix.
 */
export type MatrixMultiply = (inputs: readonly Uint8Array[], outputs: readonly Uint8Array[]) => void

/** One way to run a matrix multiply: the SIMD WebAssembly kernels or portable JavaScript. */
export interface Coder {
  readonly name: 'wasm-simd' | 'js'
  /** Precomputes what multiplying by `rows` needs (tables), once per matrix. */
  compile(rows: Matrix): MatrixMultiply
}
