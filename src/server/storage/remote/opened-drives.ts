import type { DriveLocation, StorageDrive } from '../storage-drive.js'

/**
 * The drives a server serves over the storage RPC, each opened on its first call and kept open
 * (its staged shards and reservations live in the open drive) until a `close` call or shut-down.
 */
export class OpenedDrives {
  readonly #opened = new Map<string, Promise<StorageDrive>>()

  constructor(readonly locations: ReadonlyMap<string, DriveLocation>) {}

  /** The drive at `path` (a key of `locations`), opened now unless it is open; a failed open is tried again next time. */
  get(path: string): Promise<StorageDrive> {
    let drive = this.#opened.get(path)
    if (!drive) {
      drive = this.locations.get(path)!.open()
      this.#opened.set(path, drive)
      drive.catch(() => {
        if (this.#opened.get(path) === drive) this.#opened.delete(path)
      })
    }
    return drive
  }

  /** Closes the drive at `path` if it is open; the next call opens it again. */
  async close(path: string): Promise<void> {
    const drive = this.#opened.get(path)
    if (!drive) return
    this.#opened.delete(path)
    await (await drive.catch(() => undefined))?.close()
  }

  /** Closes every open drive. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#opened.keys()].map((path) => this.close(path)))
  }
}
