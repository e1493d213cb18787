import { randomBytes } from 'node:crypto'

/**
 * Object version IDs and version order tokens (issue 14). Both are 32 lower-case hex digits: 12
 * of the write time in ms subtracted from 2^48 - 1, 4 of a per-process sequence subtracted from
 * 0xffff, 16 of randomness. A token made later sorts *before* every token made earlier by this
 * process (and, across processes, before those of earlier milliseconds), so the byte order of
 * tokens is newest first: the order ListObjectVersions answers a key's versions in.
 *
 * A version of a versioned write has one token that is both its ID and its order. The null
 * version (ID `'null'`) gets an order token only. The erasure layer makes them and has every
 * drive store the version under them, so drives order a key's versions alike.
 */

/** The ID of the null version (written under Suspended, or before versioning was enabled). */
export const NULL_VERSION_ID = 'null'

/** Length of every version ID and order token. */
export const VERSION_TOKEN_LENGTH = 32

const TOKEN = /^[0-9a-f]{32}$/
const MAX_TIME = 2 ** 48 - 1

let lastTime = 0
let sequence = 0

/**
 * A fresh token, before (in byte order) every token this process made earlier.
 *
 * @example createVersionToken() // 'fe6c1b2a9f3dfffe4be1...'
 */
export function createVersionToken(now = Date.now()): string {
  const time = Math.max(now, lastTime)
  sequence = time === lastTime ? sequence + 1 : 0
  lastTime = time
  // 65,536 versions in one ms exhaust the sequence: borrow the next ms, which keeps the order.
  if (sequence > 0xffff) {
    lastTime = time + 1
    sequence = 0
  }
  return orderToken(lastTime, sequence) + randomHex()
}

// Randomness drawn in blocks: one randomBytes call per 512 tokens instead of one each.
const POOL_TOKENS = 512
let pool = Buffer.alloc(0)
let poolAt = 0

/** 16 hex digits of fresh randomness. */
function randomHex(): string {
  if (poolAt >= pool.length) {
    pool = randomBytes(8 * POOL_TOKENS)
    poolAt = 0
  }
  poolAt += 8
  return pool.toString('hex', poolAt - 8, poolAt)
}

/**
 * The order token of a version stored before it had one (an object written while the bucket was
 * unversioned): it sorts after every token made in or after its write's millisecond.
 */
export function legacyVersionToken(mtime: number): string {
  return orderToken(mtime, 0) + 'f'.repeat(16)
}

/** Whether `id` names a version of ours: `'null'` or a token (others cannot exist). */
export function isVersionId(id: string): boolean {
  return id === NULL_VERSION_ID || TOKEN.test(id)
}

function orderToken(time: number, seq: number): string {
  const invertedTime = (MAX_TIME - Math.min(Math.max(time, 0), MAX_TIME)).toString(16).padStart(12, '0')
  const invertedSeq = (0xffff - Math.min(seq, 0xffff)).toString(16).padStart(4, '0')
  return invertedTime + invertedSeq
}
