import { describe, expect, it } from 'vitest'
import { rendezvousWinner, slotOf } from '../../../src/server/cluster/slot-hash.js'

describe('slotOf', () => {
  // Every server of a deployment must map a name to the same slot, whatever its version. The
  // values: FNV-1a over the UTF-8 bytes, murmur3's fmix32, modulo 64 (checked with Python).
  it.each([
    ['photos\0cat.jpg', 63],
    ['bucket:photos', 33],
    ['upload:0b5c6e1f', 25],
    ['0b5c6e1f\u00003', 5],
    ['фото\0кот.jpg', 11],
  ])('puts %j in slot %i of 64', (name, slot) => {
    expect(slotOf(name, 64)).toBe(slot)
  })

  it('spreads names evenly over the slots', () => {
    const counts = new Array<number>(64).fill(0)
    for (let i = 0; i < 12_800; i++) counts[slotOf(`bucket\0key-${i}`, 64)]!++
    // 200 a slot on average; a binomial spread stays well within ±30 %.
    expect(Math.min(...counts)).toBeGreaterThan(140)
    expect(Math.max(...counts)).toBeLessThan(260)
  })
})

describe('rendezvousWinner', () => {
  const winners = (ids: string[]) => Array.from({ length: 64 }, (_, slot) => rendezvousWinner(slot, ids))

  it('gives each member a share, whatever the order the members come in', () => {
    const three = winners(['n1', 'n2', 'n3'])
    expect(winners(['n3', 'n1', 'n2'])).toEqual(three)
    for (const id of ['n1', 'n2', 'n3']) expect(three.filter((w) => w === id).length).toBeGreaterThan(10)
    expect(rendezvousWinner(0, [])).toBeUndefined()
  })

  it('moves only the slots of a member that leaves, and only to a member that joins its own', () => {
    const three = winners(['n1', 'n2', 'n3'])
    const two = winners(['n1', 'n2'])
    three.forEach((winner, slot) => {
      if (winner !== 'n3') expect(two[slot]).toBe(winner)
    })
    const four = winners(['n1', 'n2', 'n3', 'n4'])
    four.forEach((winner, slot) => {
      if (winner !== 'n4') expect(winner).toBe(three[slot])
    })
    expect(four.filter((w) => w === 'n4').length).toBeGreaterThan(5)
  })
})
