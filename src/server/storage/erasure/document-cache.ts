/**
 * The bucket documents an erasure set answered lately, and the buckets it found, for a set whose
 * drives only this process writes (local drives: each drive's lock keeps other processes out). A
 * PUT reads four documents (versioning, object lock, encryption, lifecycle), each from every
 * drive with a vote: 32 drive reads per PUT on 8 drives, ~7.5% of the server's time per 1 KiB PUT
 * (issue 18), where the single drive reads its LMDB once per document; and it asks every drive
 * for the bucket before it reads the body (~3.5% more).
 *
 * An answer is kept only while nothing could have changed it: every write of a bucket's
 * documents, every create, delete or heal of the bucket drops what is kept of it, before and
 * after it runs, and a read started before such a drop is not kept (a generation counts the
 * drops); and answers are kept for one state of the drives (`epoch`): a drive going offline or
 * coming back, which can change what most drives hold, drops them all. In distributed mode other
 * servers write the same drives: there is no cache, every read asks the drives.
 */
export class DocumentCache {
  readonly #buckets = new Map<string, Map<string, string | undefined>>()
  readonly #found = new Set<string>()
  #generation = 0
  #epoch = -1

  /** Where reads start from: hand it to `keep`. */
  get generation(): number {
    return this.#generation
  }

  /** The kept answer for `name` of `bucket`, if any, for the drives in state `epoch`. */
  lookup(bucket: string, name: string, epoch: number): { value: string | undefined } | undefined {
    if (epoch !== this.#epoch) return undefined
    const documents = this.#buckets.get(bucket)
    if (!documents?.has(name)) return undefined
    return { value: documents.get(name) }
  }

  /**
   * Keeps what the drives answered for `name` of `bucket`, read from `generation` on with the
   * drives in state `epoch`; a read that a drop or a change of the drives overtook is not kept.
   */
  keep(bucket: string, name: string, value: string | undefined, generation: number, epoch: number): void {
    if (generation !== this.#generation) return
    this.#enter(epoch)
    let documents = this.#buckets.get(bucket)
    if (!documents) {
      documents = new Map()
      this.#buckets.set(bucket, documents)
    }
    documents.set(name, value)
  }

  /** Whether the drives in state `epoch` were found to hold `bucket` (see `keepFound`). */
  found(bucket: string, epoch: number): boolean {
    return epoch === this.#epoch && this.#found.has(bucket)
  }

  /** Keeps that enough drives hold `bucket`, looked at from `generation` on, as `keep` does. */
  keepFound(bucket: string, generation: number, epoch: number): void {
    if (generation !== this.#generation) return
    this.#enter(epoch)
    this.#found.add(bucket)
  }

  /** Drops what is kept of `bucket`, and makes reads in flight not keep their answers. */
  forget(bucket: string): void {
    this.#buckets.delete(bucket)
    this.#found.delete(bucket)
    this.#generation++
  }

  /** Moves to the drives' state `epoch`: what was kept for another goes. */
  #enter(epoch: number): void {
    if (epoch === this.#epoch) return
    this.#buckets.clear()
    this.#found.clear()
    this.#epoch = epoch
  }

  /** Runs `change` of `bucket`'s documents (or the bucket), dropping what is kept before and after. */
  async around<T>(bucket: string, change: () => Promise<T>): Promise<T> {
    this.forget(bucket)
    try {
      return await change()
    } finally {
      this.forget(bucket)
    }
  }
}
