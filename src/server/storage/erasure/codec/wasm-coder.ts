import type { Coder, MatrixMultiply } from './coder.js'
import { writeNibbleTables } from './gf256.js'
import { GF256_WASM_BASE64 } from './gf256-wasm.js'
import type { Matrix } from './matrix.js'

/**
 * Bytes of each shard per kernel call. Shards are copied into WebAssembly memory a chunk at a
 * time (the kernels cannot read JavaScript's buffers), so the copy, the kernel's reads and the
 * copy back out all hit cache: (inputs + outputs) chunks stay within L2 for the usual set sizes.
 */
const CHUNK = 16 * 1024
const PAGE = 65536
/** Output rows per kernel call, largest first: the kernels exist for 4, 2 and 1 outputs. */
const GROUP_SIZES = [4, 2, 1] as const

interface Kernels {
  memory: WebAssembly.Memory
  mulxor4: Kernel
  mulxor2: Kernel
  mulxor1: Kernel
}
type Kernel = (tables: number, src: number, dst: number, stride: number, inputs: number, len: number) => void

let moduleBytes: Uint8Array<ArrayBuffer> | undefined
let instance: Kernels | undefined
/** A view of the instance's memory, replaced whenever the memory grows (growing detaches it). */
let heap = new Uint8Array(0)

function wasmBytes(): Uint8Array<ArrayBuffer> {
  moduleBytes ??= new Uint8Array(Buffer.from(GF256_WASM_BASE64, 'base64'))
  return moduleBytes
}

let simdSupported: boolean | undefined

/**
 * Whether this runtime accepts the SIMD module (Node 20 does; older engines may not). Validated
 * once per process: every createReedSolomon asks, and validation costs ~0.5 ms.
 */
export function isWasmSimdSupported(): boolean {
  simdSupported ??= typeof WebAssembly === 'object' && WebAssembly.validate(wasmBytes())
  return simdSupported
}

/**
 * The one instance all codecs share: calls are synchronous, so they never overlap, and one
 * memory grown to the largest working set seen is cheaper than one per codec.
 */
function kernels(): Kernels {
  if (!instance) {
    const exports = new WebAssembly.Instance(new WebAssembly.Module(wasmBytes())).exports
    instance = exports as unknown as Kernels
    heap = new Uint8Array(instance.memory.buffer)
  }
  return instance
}

function ensureMemory(k: Kernels, bytes: number): Uint8Array {
  if (heap.byteLength < bytes) {
    k.memory.grow(Math.ceil((bytes - heap.byteLength) / PAGE))
    heap = new Uint8Array(k.memory.buffer)
  }
  return heap
}

/**
 * The SIMD coder: gf256.wat's kernels multiply 16 bytes at a time with two `i8x16.swizzle`
 * nibble-table lookups per coefficient (ISA-L's and klauspost/reedsolomon's SSSE3 method).
 * Memory layout per call: the tables at 0, then the input chunks, then the output chunks, each
 * `stride` bytes apart.
 */
export const wasmCoder: Coder = {
  name: 'wasm-simd',
  compile(rows: Matrix): MatrixMultiply {
    const inputCount = rows[0]?.length ?? 0
    const groups = planGroups(rows, inputCount)
    const tables = new Uint8Array(groups.reduce((sum, g) => sum + g.tables.length, 0))
    let tableOffset = 0
    for (const group of groups) {
      tables.set(group.tables, tableOffset)
      group.tableOffset = tableOffset
      tableOffset += group.tables.length
    }
    const inputsAt = align16(tables.length)
    return (inputs, outputs) => {
      const length = outputs[0]?.length ?? 0
      if (length === 0 || outputs.length === 0) return
      const k = kernels()
      const stride = Math.min(CHUNK, align16(length))
      const outputsAt = inputsAt + inputCount * stride
      const mem = ensureMemory(k, outputsAt + outputs.length * stride)
      mem.set(tables, 0)
      for (let start = 0; start < length; start += stride) {
        const size = Math.min(stride, length - start)
        for (let c = 0; c < inputCount; c++) {
          const input = inputs[c]!
          mem.set(size === input.length ? input : input.subarray(start, start + size), inputsAt + c * stride)
        }
        // Kernels run over whole 16-byte blocks; the padding's bytes are never copied out.
        const padded = align16(size)
        for (const g of groups) {
          const dst = outputsAt + g.first * stride
          if (g.size === 4) k.mulxor4(g.tableOffset, inputsAt, dst, stride, inputCount, padded)
          else if (g.size === 2) k.mulxor2(g.tableOffset, inputsAt, dst, stride, inputCount, padded)
          else k.mulxor1(g.tableOffset, inputsAt, dst, stride, inputCount, padded)
        }
        for (let r = 0; r < outputs.length; r++) {
          const at = outputsAt + r * stride
          outputs[r]!.set(mem.subarray(at, at + size), start)
        }
      }
    }
  },
}

interface Group {
  /** First output row of the group. */
  first: number
  size: 4 | 2 | 1
  /** Per input, per row of the group: the 32 bytes of nibble tables. */
  tables: Uint8Array
  tableOffset: number
}

/** Splits the rows into kernel-sized groups (e.g. 7 rows: 4 + 2 + 1) and lays out their tables. */
function planGroups(rows: Matrix, inputCount: number): Group[] {
  const groups: Group[] = []
  let first = 0
  for (const size of GROUP_SIZES) {
    while (rows.length - first >= size) {
      const tables = new Uint8Array(inputCount * size * 32)
      for (let c = 0; c < inputCount; c++) {
        for (let o = 0; o < size; o++) writeNibbleTables(rows[first + o]![c]!, tables, (c * size + o) * 32)
      }
      groups.push({ first, size, tables, tableOffset: 0 })
      first += size
    }
  }
  return groups
}

const align16 = (n: number) => (n + 15) & ~15
