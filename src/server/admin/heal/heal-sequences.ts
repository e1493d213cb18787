import { randomUUID } from 'node:crypto'
import type { HealSettings, HealStartResult, HealStatusDocument } from '../../../shared/admin/heal.js'
import { S3ServerError } from '../../errors.js'
import type { Healer } from '../../storage/heal-types.js'
import type { ObjectLayer } from '../../storage/object-layer.js'
import { HealSequence } from './heal-sequence.js'
import { type HealTarget, healPathOf, healTargetsOverlap } from './heal-target.js'

/** Tunables; the defaults are MinIO's (reference 5.6). Tests shorten them. */
export interface HealSequencesOptions {
  /** Unread items a sequence buffers before it pauses (1000). */
  maxUnreadItems?: number
  /** How long a full buffer waits for a poll before the sequence stops (24 h). */
  unreadTimeoutMs?: number
  /** How long an ended sequence stays for its final polls (10 min). */
  keepEndedMs?: number
  now?: () => number
  newToken?: () => string
}

/** How a start request asks. */
export interface StartHealOptions {
  settings: HealSettings
  /** Stop a live sequence on the same path first, and wait for it to end. */
  forceStart: boolean
  /** The client's IP address, reported back with the token. */
  clientAddress: string
}

const MAX_UNREAD_ITEMS = 1000
const UNREAD_TIMEOUT_MS = 24 * 60 * 60 * 1000
const KEEP_ENDED_MS = 10 * 60 * 1000

/**
 * The server's heal sequences, one per path (`bucket/prefix`), with MinIO's rules: a start
 * re-attaches to a live sequence on the same path that has unread items, is refused while one
 * runs there (unless forced, which stops it and waits) and while one runs on an overlapping
 * path; a poll needs the sequence's token; a stop stops, waits and forgets. Ended sequences are
 * kept `keepEndedMs` for their final polls.
 *
 * @example
 * const heal = new HealSequences(storage)
 * const { clientToken } = await heal.start({ bucket: 'photos', prefix: '' }, { settings, forceStart: false, clientAddress: '10.0.0.7' })
 * const status = heal.status({ bucket: 'photos', prefix: '' }, clientToken)
 */
export class HealSequences {
  #storage: Pick<ObjectLayer, 'kind' | 'healer' | 'layout'>
  #sequences = new Map<string, HealSequence>()
  #maxUnreadItems: number
  #unreadTimeoutMs: number
  #keepEndedMs: number
  #now: () => number
  #newToken: () => string
  /** Starts and stops run one at a time, so two cannot both pass the checks for one path. */
  #queue: Promise<unknown> = Promise.resolve()

  constructor(storage: Pick<ObjectLayer, 'kind' | 'healer' | 'layout'>, options: HealSequencesOptions = {}) {
    this.#storage = storage
    this.#maxUnreadItems = options.maxUnreadItems ?? MAX_UNREAD_ITEMS
    this.#unreadTimeoutMs = options.unreadTimeoutMs ?? UNREAD_TIMEOUT_MS
    this.#keepEndedMs = options.keepEndedMs ?? KEEP_ENDED_MS
    this.#now = options.now ?? Date.now
    this.#newToken = options.newToken ?? randomUUID
  }

  /**
   * Starts a sequence on `target` (or re-attaches to the live one there that has unread items).
   * @example
   * const { clientToken } = await heal.start({ bucket: '', prefix: '' }, { settings: { recursive: true, dryRun: false }, forceStart: false, clientAddress: '::1' })
   */
  start(target: HealTarget, options: StartHealOptions): Promise<HealStartResult> {
    return this.#serially(async () => {
      const healer = this.#healer(target)
      this.#forgetExpired()
      const path = healPathOf(target)
      const existing = this.#sequences.get(path)
      if (existing && !options.forceStart && !existing.ended && existing.unread > 0) {
        return existing.startResult()
      }
      if (existing && (!existing.ended || existing.unread > 0)) {
        if (!options.forceStart) {
          throw new S3ServerError(
            'XSiloHealAlreadyRunning',
            `A heal sequence on ${describePath(path)} is already running, started by ${existing.clientAddress} at ${existing.startTime} (client token ${existing.clientToken}); poll it with that token, or force a new start.`,
          )
        }
        await existing.stop('stopped by a forced start of a new heal sequence on the same path')
      }
      this.#sequences.delete(path)
      for (const [otherPath, other] of this.#sequences) {
        if (!other.ended && healTargetsOverlap(other.target, target)) {
          throw new S3ServerError(
            'XSiloHealOverlappingPaths',
            `Cannot heal ${describePath(path)}: the heal sequence running on ${describePath(otherPath)} (started at ${other.startTime}) covers some of the same objects; wait for it or stop it.`,
          )
        }
      }
      if (target.bucket !== '' && !(await healer.listBucketsToHeal()).includes(target.bucket)) {
        throw new S3ServerError(
          'NoSuchBucket',
          `Cannot heal '${target.bucket}': no drive holds that bucket.`,
          {
            BucketName: target.bucket,
          },
        )
      }
      const layout = await this.#storage.layout?.()
      const sequence = new HealSequence({
        healer,
        target,
        settings: { recursive: options.settings.recursive, dryRun: options.settings.dryRun },
        clientToken: this.#newToken(),
        clientAddress: options.clientAddress,
        numDisks: layout?.drives.length ?? 0,
        now: this.#now,
        maxUnreadItems: this.#maxUnreadItems,
        unreadTimeoutMs: this.#unreadTimeoutMs,
      })
      this.#sequences.set(path, sequence)
      sequence.start()
      return sequence.startResult()
    })
  }

  /**
   * A poll: the status of the sequence on `target` and the items gathered since the last poll.
   * @example
   * const { Summary, Items } = heal.status({ bucket: 'photos', prefix: '' }, clientToken)
   */
  status(target: HealTarget, clientToken: string): HealStatusDocument {
    this.#healer(target)
    this.#forgetExpired()
    const path = healPathOf(target)
    const sequence = this.#sequences.get(path)
    if (!sequence) {
      throw new S3ServerError(
        'XSiloHealNoSuchProcess',
        `No heal sequence is running on ${describePath(path)} (sequences are kept 10 minutes after they end).`,
      )
    }
    if (sequence.clientToken !== clientToken) {
      throw new S3ServerError(
        'XSiloHealInvalidClientToken',
        `The client token '${clientToken}' is not the one of the heal sequence on ${describePath(path)}.`,
      )
    }
    return sequence.pop()
  }

  /**
   * Stops the sequence on `target`, waits for it to end and forgets it. Without one, the token
   * is `"invalid"` (as MinIO answers).
   * @example
   * await heal.stop({ bucket: 'photos', prefix: '' })
   */
  stop(target: HealTarget): Promise<HealStartResult> {
    return this.#serially(async () => {
      this.#healer(target)
      const path = healPathOf(target)
      const sequence = this.#sequences.get(path)
      if (!sequence) {
        return { clientToken: 'invalid', clientAddress: '', startTime: new Date(this.#now()).toISOString() }
      }
      await sequence.stop('stopped by request')
      this.#sequences.delete(path)
      return sequence.startResult()
    })
  }

  /**
   * Stops every sequence and waits for them (the server is stopping; storage closes next).
   * @example
   * await heal.close()
   */
  async close(): Promise<void> {
    const all = [...this.#sequences.values()]
    this.#sequences.clear()
    await Promise.all(all.map((sequence) => sequence.stop('stopped because the server is stopping')))
  }

  /**
   * Throws XSiloHealNotImplemented when the backend cannot heal (a single drive), so a request
   * learns that before anything else about it is checked.
   * @example
   * heal.ensureSupported({ bucket: 'photos', prefix: '' })
   */
  ensureSupported(target: HealTarget): void {
    this.#healer(target)
  }

  #healer(target: HealTarget): Healer {
    const healer = this.#storage.healer
    if (healer) return healer
    const path = healPathOf(target)
    throw new S3ServerError(
      'XSiloHealNotImplemented',
      `Cannot heal ${describePath(path)}: heal applies only to erasure-coded setups, and this server runs on a single drive (backend ${this.#storage.kind}).`,
    )
  }

  #forgetExpired(): void {
    const now = this.#now()
    for (const [path, sequence] of this.#sequences) {
      if (sequence.endedAt !== undefined && now - sequence.endedAt > this.#keepEndedMs) {
        this.#sequences.delete(path)
      }
    }
  }

  #serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(work)
    this.#queue = result.catch(() => undefined)
    return result
  }
}

function describePath(path: string): string {
  return path === '' ? 'the whole deployment' : `'${path}'`
}
