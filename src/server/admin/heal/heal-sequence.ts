import type {
  HealResultItem,
  HealSettings,
  HealStartResult,
  HealStatusDocument,
  HealStatusItem,
  HealSummary,
} from '../../../shared/admin/heal.js'
import type { Healer } from '../../storage/heal-types.js'
import type { HealTarget } from './heal-target.js'
import { walkHeal } from './walk-heal.js'

/** Limits of one sequence's result buffer. */
export interface HealBufferLimits {
  /** Unread items kept; when full, the walk waits for a poll (MinIO: 1000). */
  maxUnreadItems: number
  /** How long a full buffer may wait for a poll before the sequence gives up (MinIO: 24 h). */
  unreadTimeoutMs: number
}

/** Everything a sequence is created with. */
export interface HealSequenceOptions extends HealBufferLimits {
  healer: Healer
  target: HealTarget
  settings: HealSettings
  clientToken: string
  clientAddress: string
  /** Drives of the deployment, reported by every poll. */
  numDisks: number
  now: () => number
}

/** The detail of a sequence whose client stopped reading its results. */
export const UNREAD_TIMEOUT_DETAIL = 'healing results were not consumed for too long'

/**
 * One heal sequence: runs the heal walk in the background, buffers its result items (numbered
 * 1, 2, ...) until a poll takes them, and pauses the walk while the buffer is full.
 *
 * @example
 * const seq = new HealSequence({ healer, target, settings, clientToken, clientAddress: '::1', numDisks: 4, now: Date.now, maxUnreadItems: 1000, unreadTimeoutMs: 86_400_000 })
 * seq.start()
 * const { Summary, Items } = seq.pop()
 */
export class HealSequence {
  readonly target: HealTarget
  readonly settings: HealSettings
  readonly clientToken: string
  readonly clientAddress: string
  readonly startTime: string
  #options: HealSequenceOptions
  #items: HealStatusItem[] = []
  #lastResultId = 0
  #summary: HealSummary = 'running'
  #detail = ''
  #endedAt: number | undefined
  #stop = new AbortController()
  #done: Promise<void> | undefined
  /** Wakes a walk waiting for room in the buffer (a poll took the items, or a stop). */
  #wake: (() => void) | undefined

  constructor(options: HealSequenceOptions) {
    this.#options = options
    this.target = options.target
    this.settings = options.settings
    this.clientToken = options.clientToken
    this.clientAddress = options.clientAddress
    this.startTime = new Date(options.now()).toISOString()
  }

  /** Starts the walk in the background (once). */
  start(): void {
    this.#done ??= this.#run()
  }

  /** Whether the walk is over (finished or stopped). */
  get ended(): boolean {
    return this.#endedAt !== undefined
  }

  /** When the walk ended (ms since the epoch), or undefined while it runs. */
  get endedAt(): number | undefined {
    return this.#endedAt
  }

  /** Items gathered and not yet handed out by `pop()`. */
  get unread(): number {
    return this.#items.length
  }

  /**
   * The answer to a start or a stop: token, client address, start time.
   * @example
   * sendJson(res, 200, seq.startResult())
   */
  startResult(): HealStartResult {
    return { clientToken: this.clientToken, clientAddress: this.clientAddress, startTime: this.startTime }
  }

  /**
   * The status and the items gathered since the last call, which are then handed out (a poll).
   * @example
   * const { Summary, Items } = seq.pop()
   */
  pop(): HealStatusDocument {
    const items = this.#items
    this.#items = []
    this.#wakeWalk()
    return {
      Summary: this.#summary,
      ...(this.#detail === '' ? {} : { Detail: this.#detail }),
      StartTime: this.startTime,
      NumDisks: this.#options.numDisks,
      Settings: { ...this.settings },
      Items: items.length === 0 ? null : items,
    }
  }

  /**
   * Asks the walk to stop and resolves once it has ended (after the heal steps running finish).
   * @example
   * await seq.stop('stopped by request')
   */
  async stop(reason: string): Promise<void> {
    if (!this.ended && !this.#stop.signal.aborted) this.#stop.abort(new Error(reason))
    this.#wakeWalk()
    await this.#done
  }

  async #run(): Promise<void> {
    const signal = this.#stop.signal
    try {
      await walkHeal(this.#options.healer, this.target, {
        settings: this.settings,
        push: (item) => this.#push(item),
        signal,
      })
      if (signal.aborted) this.#end('stopped', (signal.reason as Error).message)
      else this.#end('finished', '')
    } catch (e) {
      const why = signal.aborted ? (signal.reason as Error) : e
      this.#end('stopped', why instanceof Error ? why.message : String(why))
    }
  }

  #end(summary: HealSummary, detail: string): void {
    this.#summary = summary
    this.#detail = detail
    this.#endedAt = this.#options.now()
  }

  /** Buffers one item, first waiting for room; rejects when the sequence is stopped. */
  async #push(item: HealResultItem): Promise<void> {
    const signal = this.#stop.signal
    if (this.#items.length >= this.#options.maxUnreadItems) {
      const timer = setTimeout(() => {
        this.#stop.abort(new Error(UNREAD_TIMEOUT_DETAIL))
        this.#wakeWalk()
      }, this.#options.unreadTimeoutMs)
      timer.unref?.()
      try {
        // Several objects heal at once, so several pushes may wait here; each re-checks.
        while (this.#items.length >= this.#options.maxUnreadItems && !signal.aborted) {
          await new Promise<void>((resolve) => {
            const previous = this.#wake
            this.#wake = () => {
              previous?.()
              resolve()
            }
          })
        }
      } finally {
        clearTimeout(timer)
      }
    }
    if (signal.aborted) throw signal.reason
    this.#lastResultId += 1
    this.#items.push({ ...item, resultId: this.#lastResultId })
  }

  #wakeWalk(): void {
    const wake = this.#wake
    this.#wake = undefined
    wake?.()
  }
}
