import type { DriveState, DriveStatus } from '../heal-types.js'
import type { DriveFormat, DriveLocation, StorageDrive } from '../storage-drive.js'
import { createFormats, formatFor } from './format.js'
import { majorityOf } from './params.js'

/** How old a stillFormatted answer may be. */
const FORMAT_LOOK_MS = 10

/**
 * One drive of the set: where it is (its location: folder, format.json), the drive opened on it
 * while it is usable (its own metadata and shard files, so any drive can be lost or replaced),
 * and its health.
 */
export class ErasureDrive {
  /** The drive, while it is usable (state `ok`). */
  store: StorageDrive | undefined
  state: DriveState = 'offline'
  /** Why the drive is not `ok`, for logs and heal details. */
  reason = ''
  /** How often its state or store changed: see DriveSet.epoch. */
  changes = 0
  /** format.json's stamp when last verified: a change means re-reading it. */
  #stamp = ''
  /** The last stillFormatted look, shared by writes within FORMAT_LOOK_MS of it. */
  #look: { at: number; answer: Promise<boolean> } | undefined

  constructor(
    readonly index: number,
    readonly location: DriveLocation,
    /** The UUID the deployment's format gives this slot. */
    public uuid: string,
  ) {}

  /** Where the drive is, for messages and status. */
  get endpoint(): string {
    return this.location.endpoint
  }

  status(): DriveStatus {
    return { uuid: this.uuid, endpoint: this.endpoint, state: this.state }
  }

  /** Sets the state from a fresh look at the drive, opening or dropping its store as needed. */
  async check(deploymentId: string): Promise<void> {
    const offline = await this.location.probe()
    if (offline !== undefined) {
      this.#set('offline', offline)
      return
    }
    const stamp = await this.location.formatStamp()
    if (stamp === undefined) {
      // Wiped or replaced: the open store (if any) points at deleted files; heal formats anew.
      await this.#drop('missing', 'the drive has no format.json (new or wiped drive)')
      return
    }
    if (stamp !== this.#stamp || !this.store) {
      const reading = await this.location.readFormat()
      if (reading.kind !== 'ok') {
        await this.#drop(reading.kind, 'reason' in reading ? reading.reason : '')
        return
      }
      if (reading.format.id !== deploymentId || reading.format.erasure.this !== this.uuid) {
        await this.#drop('corrupt', 'format.json belongs to another drive or deployment')
        return
      }
      this.#stamp = stamp
      if (!this.store) {
        try {
          this.store = await this.location.open()
          this.changes++
        } catch (error) {
          this.#set('offline', `cannot open the drive: ${(error as Error).message}`)
          return
        }
      }
    }
    this.#set('ok', '')
  }

  /**
   * Whether the drive still holds the format.json it was checked with, looked at now (one stat):
   * a write asks just before it lets the drive commit, so a drive wiped or replaced since the
   * last health check does not count toward the write's quorum with a store whose files are gone.
   */
  stillFormatted(): Promise<boolean> {
    if (this.state !== 'ok' || this.#stamp === '') return Promise.resolve(false)
    // Writes reaching their barrier together share one look (a stat costs ~20 µs of main-thread
    // time in Node, 8 per PUT on 8 drives): the answer is at most FORMAT_LOOK_MS old.
    const now = Date.now()
    if (this.#look && now - this.#look.at <= FORMAT_LOOK_MS) return this.#look.answer
    const stamp = this.#stamp
    const answer = this.location.formatStamp().then(
      (current) => current === stamp,
      () => false,
    )
    this.#look = { at: now, answer }
    return answer
  }

  /**
   * Formats a missing drive afresh (heal): new store, format.json last. Only a drive folder that
   * exists: one that vanished since the health check is offline, and making it anew would put a
   * drive on the file system under an unmounted disk.
   */
  async format(format: DriveFormat): Promise<void> {
    await this.#drop('missing', 'being formatted')
    const offline = await this.location.probe()
    if (offline !== undefined) {
      this.#set('offline', offline)
      throw new Error(`cannot format ${this.endpoint}: ${offline}`)
    }
    this.store = await this.location.open()
    this.changes++
    await this.location.writeFormat(format)
    this.#stamp = ''
  }

  async close(): Promise<void> {
    await this.#drop(this.state, this.reason)
  }

  #set(state: DriveState, reason: string): void {
    if (state !== this.state) this.changes++
    this.state = state
    this.reason = reason
  }

  async #drop(state: DriveState, reason: string): Promise<void> {
    this.#set(state, reason)
    this.#stamp = ''
    this.#look = undefined
    const store = this.store
    this.store = undefined
    if (store) this.changes++
    await store?.close().catch(() => {})
  }
}

/** How to open a drive set. */
export interface DriveSetOptions {
  /** The location of the drive given as `endpoint` (a local folder now; a node's drive in distributed mode). */
  connect: (endpoint: string) => DriveLocation
  /** Re-check drive health at most this often (ms); 0 checks before every operation. */
  checkIntervalMs: number
}

/**
 * The drives of one erasure set and the deployment they belong to. Health is re-checked at
 * most every `checkIntervalMs`, and at once after an operation saw a drive fail.
 */
export class DriveSet {
  #checked = 0
  #checking: Promise<void> | undefined

  private constructor(
    readonly drives: ErasureDrive[],
    readonly deploymentId: string,
    readonly options: DriveSetOptions,
  ) {}

  get size(): number {
    return this.drives.length
  }

  /**
   * A number that grows whenever a drive's state or store changes (offline, back, wiped,
   * formatted): answers that depend on which drives answer hold for one epoch.
   */
  get epoch(): number {
    let sum = 0
    for (const drive of this.drives) sum += drive.changes
    return sum
  }

  /**
   * Opens the set on `dirs`, in order. Fresh drives everywhere make a new deployment; otherwise
   * the format most drives agree on is the reference, and a drive without a format is `missing`
   * until heal formats it. A drive given in the wrong position is an error naming it.
   */
  static async open(dirs: string[], options: DriveSetOptions): Promise<DriveSet> {
    const locations = dirs.map((d) => options.connect(d))
    let readings = await Promise.all(locations.map((l) => l.readFormat()))
    let formats = readings.flatMap((r) => (r.kind === 'ok' ? [r.format] : []))
    if (formats.length === 0) {
      // A new deployment: its drive folders may not exist yet. Once formatted, a drive folder
      // that is gone is `offline` (say, an unmounted disk) and is never recreated here, so heal
      // cannot format the mount point's parent file system by mistake.
      await Promise.all(locations.map((l) => l.createFolder().catch(() => {})))
      readings = await Promise.all(locations.map((l) => l.readFormat()))
      formats = readings.flatMap((r) => (r.kind === 'ok' ? [r.format] : []))
    }
    let reference: DriveFormat
    if (formats.length === 0) {
      const reachable = readings.filter((r) => r.kind === 'missing').length
      if (reachable < majorityOf(dirs.length)) {
        throw new Error(
          `cannot create a new deployment: only ${reachable} of ${dirs.length} drives are reachable`,
        )
      }
      const fresh = createFormats(dirs.length)
      await Promise.all(
        locations.map((l, i) => (readings[i]!.kind === 'missing' ? l.writeFormat(fresh[i]!) : undefined)),
      )
      reference = fresh[0]!
    } else {
      reference = pickReference(formats, dirs.length)
    }
    const uuids = reference.erasure.sets[0]!
    if (uuids.length !== dirs.length) {
      throw new Error(`the drives were formatted as a set of ${uuids.length}, but ${dirs.length} are given`)
    }
    readings.forEach((reading, i) => {
      if (reading.kind !== 'ok' || reading.format.id !== reference.id) return
      const at = uuids.indexOf(reading.format.erasure.this)
      if (at !== i) {
        throw new Error(
          `${dirs[i]} is drive ${at + 1} of this deployment but is given as drive ${i + 1}: give the drives in their original order`,
        )
      }
    })
    const drives = locations.map((location, i) => new ErasureDrive(i, location, uuids[i]!))
    const set = new DriveSet(drives, reference.id, options)
    await set.refresh()
    return set
  }

  /** The format drive `drive` should have. */
  formatOf(drive: ErasureDrive): DriveFormat {
    return formatFor(
      this.deploymentId,
      this.drives.map((d) => d.uuid),
      drive.uuid,
    )
  }

  /** Drives usable now (state `ok`), after re-checking health if it is due. */
  async usable(): Promise<ErasureDrive[]> {
    if (Date.now() - this.#checked >= this.options.checkIntervalMs) await this.refresh()
    return this.drives.filter((d) => d.state === 'ok' && d.store)
  }

  /** An operation saw a drive fail: look again before the next operation. */
  suspect(): void {
    this.#checked = 0
  }

  /** Re-checks every drive now (heal and `info` want the current truth). */
  refresh(): Promise<void> {
    this.#checking ??= Promise.all(this.drives.map((d) => d.check(this.deploymentId)))
      .then(() => {
        this.#checked = Date.now()
      })
      .finally(() => {
        this.#checking = undefined
      })
    return this.#checking
  }

  status(): DriveStatus[] {
    return this.drives.map((d) => d.status())
  }

  async close(): Promise<void> {
    await this.#checking?.catch(() => {})
    await Promise.all(this.drives.map((d) => d.close()))
  }
}

/** The format most drives agree on (deployment and drive list); at least half must. */
function pickReference(formats: DriveFormat[], drives: number): DriveFormat {
  const votes = new Map<string, { format: DriveFormat; count: number }>()
  for (const format of formats) {
    const key = `${format.id}:${format.erasure.sets[0]!.join(',')}`
    const entry = votes.get(key) ?? { format, count: 0 }
    entry.count++
    votes.set(key, entry)
  }
  const best = [...votes.values()].sort((a, b) => b.count - a.count)[0]!
  if (best.count < drives / 2) {
    throw new Error(
      `no format quorum: the most drives agreeing on a deployment is ${best.count} of ${drives}; at least ${drives / 2} must`,
    )
  }
  return best.format
}
