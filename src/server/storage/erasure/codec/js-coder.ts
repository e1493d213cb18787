import type { Coder, MatrixMultiply } from './coder.js'
import { MUL_TABLE } from './gf256.js'
import type { Matrix } from './matrix.js'

/**
 * Bytes of each shard per pass (a multiple of 4). Chunks are copied into word-aligned scratch
 * space, so the loops read and write 32-bit words whatever the callers' buffers' offsets are,
 * and every output chunk stays in cache while each input is XORed into it.
 */
const CHUNK = 16 * 1024

/** Scratch words shared by every call: calls are synchronous and never overlap. */
let scratch = new Uint32Array(0)
let scratchBytes = new Uint8Array(0)

function scratchFor(bytes: number): void {
  if (scratchBytes.byteLength >= bytes) return
  scratch = new Uint32Array(bytes / 4)
  scratchBytes = new Uint8Array(scratch.buffer)
}

/**
 * The portable coder: four lookups in a 256-byte row of the product table per 32-bit word and
 * coefficient. A fraction of the SIMD coder's speed; used where WebAssembly SIMD is not
 * available, and the reference the SIMD coder is checked against.
 */
export const jsCoder: Coder = {
  name: 'js',
  compile(rows: Matrix): MatrixMultiply {
    const inputCount = rows[0]?.length ?? 0
    const tables = rows.map((row) => Array.from(row, (c) => MUL_TABLE.subarray(c * 256, c * 256 + 256)))
    return (inputs, outputs) => {
      const length = outputs[0]?.length ?? 0
      if (length === 0 || outputs.length === 0) return
      const stride = Math.min(CHUNK, align4(length))
      const outputsAt = inputCount * stride
      scratchFor(outputsAt + outputs.length * stride)
      const inWords = Array.from({ length: inputCount }, (_, c) => scratch.subarray((c * stride) / 4))
      for (let start = 0; start < length; start += stride) {
        const size = Math.min(stride, length - start)
        const words = align4(size) / 4
        for (let c = 0; c < inputCount; c++) {
          const input = inputs[c]!
          scratchBytes.set(size === input.length ? input : input.subarray(start, start + size), c * stride)
        }
        for (let r = 0; r < outputs.length; r++) {
          const at = outputsAt + r * stride
          const out = scratch.subarray(at / 4, at / 4 + words)
          const row = rows[r]!
          const rowTables = tables[r]!
          multiplySet(row[0]!, rowTables[0]!, inWords[0]!, out, words)
          for (let c = 1; c < inputCount; c++) multiplyXor(row[c]!, rowTables[c]!, inWords[c]!, out, words)
          outputs[r]!.set(scratchBytes.subarray(at, at + size), start)
        }
      }
    }
  },
}

/** out = c * input, over `words` 32-bit words. */
function multiplySet(c: number, table: Uint8Array, input: Uint32Array, out: Uint32Array, words: number) {
  if (c === 0) out.fill(0, 0, words)
  else if (c === 1) out.set(input.subarray(0, words))
  else for (let k = 0; k < words; k++) out[k] = multiplyWord(table, input[k]!)
}

/** out ^= c * input, over `words` 32-bit words. */
function multiplyXor(c: number, table: Uint8Array, input: Uint32Array, out: Uint32Array, words: number) {
  if (c === 0) return
  if (c === 1) for (let k = 0; k < words; k++) out[k] = out[k]! ^ input[k]!
  else for (let k = 0; k < words; k++) out[k] = out[k]! ^ multiplyWord(table, input[k]!)
}

/** The four bytes of `v`, each multiplied by the table's coefficient. */
function multiplyWord(table: Uint8Array, v: number): number {
  return (
    table[v & 255]! |
    (table[(v >>> 8) & 255]! << 8) |
    (table[(v >>> 16) & 255]! << 16) |
    (table[v >>> 24]! << 24)
  )
}

const align4 = (n: number) => (n + 3) & ~3
