import type { Coder, MatrixMultiply } from './coder.js'
import { MUL_TABLE } from './gf256.js'
import type { Matrix } from './matrix.js'

/**
 * Bytes of each shard handled per pass: all outputs of a chunk are finished before the next, so
 * the output chunks being XORed into stay in cache across the inputs.
 */
const CHUNK = 16 * 1024

/**
 * The portable coder: one lookup in a 256-byte row of the product table per byte and
 * coefficient. About a tenth of the SIMD coder's speed; used where WebAssembly SIMD is not
 * available, and as the reference the SIMD coder is checked against.
 */
export const jsCoder: Coder = {
  name: 'js',
  compile(rows: Matrix): MatrixMultiply {
    const tables = rows.map((row) => Array.from(row, (c) => MUL_TABLE.subarray(c * 256, c * 256 + 256)))
    return (inputs, outputs) => {
      const length = outputs[0]?.length ?? 0
      for (let start = 0; start < length; start += CHUNK) {
        const end = Math.min(length, start + CHUNK)
        for (let r = 0; r < outputs.length; r++) {
          const out = outputs[r]!
          const row = rows[r]!
          const rowTables = tables[r]!
          multiplySet(row[0]!, rowTables[0]!, inputs[0]!, out, start, end)
          for (let c = 1; c < inputs.length; c++)
            multiplyXor(row[c]!, rowTables[c]!, inputs[c]!, out, start, end)
        }
      }
    }
  },
}

/** out = c * input over [start, end). */
function multiplySet(
  c: number,
  table: Uint8Array,
  input: Uint8Array,
  out: Uint8Array,
  start: number,
  end: number,
) {
  if (c === 0) out.fill(0, start, end)
  else if (c === 1) out.set(input.subarray(start, end), start)
  else for (let k = start; k < end; k++) out[k] = table[input[k]!]!
}

/** out ^= c * input over [start, end). */
function multiplyXor(
  c: number,
  table: Uint8Array,
  input: Uint8Array,
  out: Uint8Array,
  start: number,
  end: number,
) {
  if (c === 0) return
  if (c === 1) for (let k = start; k < end; k++) out[k] = out[k]! ^ input[k]!
  else for (let k = start; k < end; k++) out[k] = out[k]! ^ table[input[k]!]!
}
