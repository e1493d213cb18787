/**
 * Reed-Solomon erasure coding over GF(2^8) for the erasure-coded backend: `data` data shards
 * and `parity` parity shards, any `data` of which give back all the others. See
 * docs/storage.md, "Reed-Solomon codec".
 */
import type { Coder } from './coder.js'
import { jsCoder } from './js-coder.js'
import { ReedSolomonCodec } from './reed-solomon-codec.js'
import type { ReedSolomon } from './types.js'
import { isWasmSimdSupported, wasmCoder } from './wasm-coder.js'

export type { ReedSolomon } from './types.js'

/** Options of `createReedSolomon`. */
export interface ReedSolomonOptions {
  /** 'auto' (default): WebAssembly SIMD when the runtime validates the module, else 'js'. */
  implementation?: 'auto' | 'wasm-simd' | 'js'
}

const codecs = new Map<string, ReedSolomon>()

/**
 * The codec for `data` data and `parity` parity shards, cached per (data, parity,
 * implementation). data >= 1, parity >= 0, data + parity <= 256.
 *
 * @example
 * const rs = createReedSolomon(4, 2)
 * rs.encode(dataShards, parityShards)
 * shards[1] = undefined // lost
 * rs.reconstruct(shards, { dataOnly: true })
 */
export function createReedSolomon(data: number, parity: number, options?: ReedSolomonOptions): ReedSolomon {
  if (!Number.isInteger(data) || !Number.isInteger(parity) || data < 1 || parity < 0 || data + parity > 256) {
    throw new RangeError(
      `a Reed-Solomon code needs data >= 1, parity >= 0 and data + parity <= 256; got ${data}+${parity}`,
    )
  }
  const coder = pickCoder(options?.implementation ?? 'auto')
  const key = `${data}+${parity}/${coder.name}`
  let codec = codecs.get(key)
  if (!codec) {
    codec = new ReedSolomonCodec(data, parity, coder)
    codecs.set(key, codec)
  }
  return codec
}

function pickCoder(implementation: string): Coder {
  switch (implementation) {
    case 'js':
      return jsCoder
    case 'wasm-simd':
      if (!isWasmSimdSupported()) throw new Error('this runtime does not support WebAssembly SIMD')
      return wasmCoder
    case 'auto':
      return isWasmSimdSupported() ? wasmCoder : jsCoder
    default:
      throw new RangeError(`unknown Reed-Solomon implementation ${JSON.stringify(implementation)}`)
  }
}
