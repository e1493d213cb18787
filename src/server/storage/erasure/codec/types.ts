/** A Reed-Solomon code over GF(2^8) with `dataShards` data and `parityShards` parity shards. */
export interface ReedSolomon {
  readonly dataShards: number
  readonly parityShards: number
  /** 'wasm-simd' or 'js' */
  readonly implementation: string
  /** Computes parity[0..parity) from data[0..data); all arrays the same length (any length >= 0). */
  encode(data: readonly Uint8Array[], parity: Uint8Array[]): void
  /**
   * shards has data+parity entries; entries that are undefined are lost and are rebuilt in place
   * (the array is filled with new Uint8Arrays of the shards' length). With `dataOnly`, only lost
   * data shards are rebuilt (what a read needs). Throws RangeError naming the counts when more
   * than `parity` shards are missing.
   */
  reconstruct(shards: (Uint8Array | undefined)[], options?: { dataOnly?: boolean }): void
}
