const encoder = new TextEncoder()

/** FNV-1a over the UTF-8 bytes, then murmur3's finaliser so close inputs spread. */
function hash32(text: string): number {
  let h = 0x811c9dc5
  for (const byte of encoder.encode(text)) h = Math.imul(h ^ byte, 0x01000193)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * The lock slot of a lock name: the same on every server, whatever the name's shape (an
 * object's `bucket\0key`, a bucket's gate `bucket:name`, an upload's `upload:id`).
 */
export function slotOf(name: string, slots: number): number {
  return hash32(name) % slots
}

/**
 * The member that should own `slot` (rendezvous hashing: the highest score of slot and member
 * wins), so ownership spreads evenly and a member joining or leaving moves only its share.
 */
export function rendezvousWinner(slot: number, memberIds: Iterable<string>): string | undefined {
  let winner: string | undefined
  let best = -1
  for (const id of memberIds) {
    const score = hash32(`${slot}\0${id}`)
    if (score > best || (score === best && winner !== undefined && id < winner)) {
      best = score
      winner = id
    }
  }
  return winner
}
