import type { Coder, MatrixMultiply } from './coder.js'
import { LruMap } from './lru-map.js'
import { buildEncodingMatrix, invertMatrix, type Matrix } from './matrix.js'
import type { ReedSolomon } from './types.js'

/**
 * Decoders kept per codec, one per set of lost shards: a degraded erasure set loses the same
 * drives on every read, so the matrix inversion is paid once, not per block.
 */
const DECODER_CACHE_SIZE = 64

/** The ReedSolomon interface over one coder (SIMD or portable). */
export class ReedSolomonCodec implements ReedSolomon {
  readonly dataShards: number
  readonly parityShards: number
  readonly implementation: string
  readonly #coder: Coder
  readonly #matrix: Matrix
  readonly #encodeParity: MatrixMultiply
  readonly #decoders = new LruMap<string, MatrixMultiply>(DECODER_CACHE_SIZE)

  constructor(data: number, parity: number, coder: Coder) {
    this.dataShards = data
    this.parityShards = parity
    this.implementation = coder.name
    this.#coder = coder
    this.#matrix = buildEncodingMatrix(data, parity)
    this.#encodeParity = coder.compile(this.#matrix.slice(data))
  }

  encode(data: readonly Uint8Array[], parity: Uint8Array[]): void {
    if (data.length !== this.dataShards || parity.length !== this.parityShards) {
      throw new RangeError(
        `encode of a ${this.dataShards}+${this.parityShards} code got ${data.length} data and ${parity.length} parity shards`,
      )
    }
    const size = data[0]!.length
    checkLengths(data, size, 'data')
    checkLengths(parity, size, 'parity')
    this.#encodeParity(data, parity)
  }

  reconstruct(shards: (Uint8Array | undefined)[], options?: { dataOnly?: boolean }): void {
    const data = this.dataShards
    const total = data + this.parityShards
    if (shards.length !== total) {
      throw new RangeError(`a ${data}+${this.parityShards} code has ${total} shards, got ${shards.length}`)
    }
    const present: number[] = []
    const missing: number[] = []
    let size = -1
    for (let i = 0; i < total; i++) {
      const shard = shards[i]
      if (shard === undefined) {
        missing.push(i)
        continue
      }
      if (size < 0) size = shard.length
      else if (shard.length !== size) {
        throw new RangeError(`shard ${i} has ${shard.length} bytes, shard ${present[0]} has ${size}`)
      }
      present.push(i)
    }
    if (missing.length === 0) return
    if (missing.length > this.parityShards) {
      throw new RangeError(
        `cannot reconstruct: ${missing.length} of ${total} shards are missing, a ${data}+${this.parityShards} code rebuilds at most ${this.parityShards}`,
      )
    }
    const lostData = missing.filter((i) => i < data)
    if (lostData.length > 0) {
      // Any `data` surviving shards determine the rest; take the first ones.
      const sources = present.slice(0, data)
      const decode = this.#decoders.getOrCreate(`d${missing.join(',')}`, () => {
        const inverse = invertMatrix(sources.map((i) => this.#matrix[i]!))
        return this.#coder.compile(lostData.map((i) => inverse[i]!))
      })
      fill(shards, lostData, size, (outputs) =>
        decode(
          sources.map((i) => shards[i]!),
          outputs,
        ),
      )
    }
    const lostParity = options?.dataOnly ? [] : missing.filter((i) => i >= data)
    if (lostParity.length > 0) {
      // With every data shard back, a lost parity shard is its encoding row again.
      const encode = this.#decoders.getOrCreate(`p${lostParity.join(',')}`, () =>
        this.#coder.compile(lostParity.map((i) => this.#matrix[i]!)),
      )
      fill(shards, lostParity, size, (outputs) => encode(shards.slice(0, data) as Uint8Array[], outputs))
    }
  }
}

/** Allocates the lost shards, computes them, and only then puts them in place. */
function fill(
  shards: (Uint8Array | undefined)[],
  lost: number[],
  size: number,
  compute: (outputs: Uint8Array[]) => void,
): void {
  const outputs = lost.map(() => new Uint8Array(size))
  compute(outputs)
  for (const [n, i] of lost.entries()) shards[i] = outputs[n]
}

function checkLengths(shards: readonly Uint8Array[], size: number, kind: string): void {
  for (const [i, shard] of shards.entries()) {
    if (shard.length !== size) {
      throw new RangeError(`${kind} shard ${i} has ${shard.length} bytes, data shard 0 has ${size}`)
    }
  }
}
