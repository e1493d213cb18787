/** A small seeded PRNG (mulberry32): the same seed gives the same shards and losses on every run. */
export function createRandom(seed: number): {
  next(): number
  int(below: number): number
  bytes(n: number): Uint8Array
} {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (below) => Math.floor(next() * below),
    bytes(n) {
      const out = new Uint8Array(n)
      for (let i = 0; i < n; i++) out[i] = (next() * 256) | 0
      return out
    },
  }
}
