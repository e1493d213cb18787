/**
 * Memory lent to several holders (a block's buffer, each drive's feed holding its shard's slot):
 * `onFree` runs once the lender and every holder let go. A holder that never lets go (a drive
 * that failed mid-write) keeps it from ever running: the memory is then collected, not reused.
 */
export class Lease {
  /** The lender's own hold, let go with drop() once it handed the memory to every holder. */
  #holders = 1

  constructor(private readonly onFree: () => void) {}

  hold(): void {
    this.#holders++
  }

  drop(): void {
    this.#holders--
    if (this.#holders === 0) this.onFree()
  }
}
