import { setImmediate as yieldToLoop } from 'node:timers/promises'

/** What a pacer did, for the scan's counts (pacing is verified by counting, not timing). */
export interface PacerCounts {
  /** Batches completed (each ended with a yield). */
  batches: number
  /** Times the event loop was handed back. */
  yields: number
  /** Times the pacer slept to hold the rate. */
  sleeps: number
}

/**
 * Paces a background walk: after every `batchSize` items it hands the event loop back, and it
 * sleeps as long as needed to keep at most `perSecond` items a second (0: no sleeping), so a
 * scan of millions of objects never starves requests.
 *
 * @example const pacer = new ScanPacer(100, 5000); for (const o of objects) await pacer.tick()
 */
export class ScanPacer {
  readonly counts: PacerCounts = { batches: 0, yields: 0, sleeps: 0 }
  private inBatch = 0
  private batchStart = performance.now()

  constructor(
    private readonly batchSize: number,
    private readonly perSecond: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Counts one item; at the end of a batch, yields and sleeps as the rate asks. */
  async tick(): Promise<void> {
    this.inBatch += 1
    if (this.inBatch < this.batchSize) return
    this.inBatch = 0
    this.counts.batches += 1
    if (this.perSecond > 0) {
      const owed = (this.batchSize * 1000) / this.perSecond - (performance.now() - this.batchStart)
      if (owed >= 1) {
        this.counts.sleeps += 1
        await this.sleep(owed)
      }
    }
    this.counts.yields += 1
    await yieldToLoop()
    this.batchStart = performance.now()
  }
}
