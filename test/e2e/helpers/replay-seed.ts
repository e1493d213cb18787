/**
 * Seeds for randomized tests that must be replayable: the seed comes from an environment
 * variable when set (to replay a failure), otherwise it is drawn at random; the test prints it.
 */
import { randomInt } from 'node:crypto'
import { createRandom } from '../../server/storage/erasure/codec/seeded-random.js'

/** A seeded PRNG with the draws a randomized test needs. */
export interface SeededRandom {
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number
  /** One element of `items` (not empty). */
  pick<T>(items: readonly T[]): T
  /** A shuffled copy of `items`. */
  shuffle<T>(items: readonly T[]): T[]
  /** True with probability `p`. */
  chance(p: number): boolean
}

/**
 * The seed in env `name` (a 32-bit unsigned integer); else, under `CI=true`, `ciSeed` (CI judges
 * a change on plans that are known to run, as for fast-check's seed); else a fresh random one.
 */
export function readReplaySeed(name: string, ciSeed?: number): number {
  const text = process.env[name]
  if ((text === undefined || text === '') && ciSeed !== undefined && process.env.CI === 'true') return ciSeed
  if (text === undefined || text === '') return randomInt(2 ** 32)
  const seed = Number(text)
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new TypeError(`${name} must be an integer from 0 to 4294967295, not '${text}'`)
  }
  return seed
}

/** A PRNG over `seed` (mulberry32): the same seed gives the same draws. */
export function createSeededRandom(seed: number): SeededRandom {
  const random = createRandom(seed)
  const int = (min: number, max: number) => min + random.int(max - min + 1)
  return {
    int,
    pick: (items) => items[random.int(items.length)]!,
    shuffle(items) {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = random.int(i + 1)
        ;[out[i], out[j]] = [out[j]!, out[i]!]
      }
      return out
    },
    chance: (p) => random.next() < p,
  }
}
