/**
 * Bucket → region, looked up once per bucket (GetBucketLocation) and cached. Concurrent first
 * requests for a bucket share one lookup; failed lookups are not cached.
 */

/**
 * The region cache of one client.
 * @example
 * const regions = new RegionCache((bucket) => getBucketLocation(bucket))
 * const region = await regions.get('photos')
 */
export class RegionCache {
  readonly #known = new Map<string, string>()
  readonly #pending = new Map<string, Promise<string>>()
  readonly #lookup: (bucket: string) => Promise<string>

  constructor(lookup: (bucket: string) => Promise<string>) {
    this.#lookup = lookup
  }

  /** The bucket's region: synchronously when cached, else after one shared lookup. */
  get(bucket: string): string | Promise<string> {
    const known = this.#known.get(bucket)
    if (known !== undefined) return known
    let pending = this.#pending.get(bucket)
    if (pending === undefined) {
      pending = this.#lookup(bucket).then(
        (region) => {
          this.#pending.delete(bucket)
          this.#known.set(bucket, region)
          return region
        },
        (error: unknown) => {
          this.#pending.delete(bucket)
          throw error
        },
      )
      this.#pending.set(bucket, pending)
    }
    return pending
  }

  /** Records a bucket's region (after CreateBucket, or a server correction). */
  set(bucket: string, region: string): void {
    this.#known.set(bucket, region)
  }

  /** Forgets a bucket (removed, or its region proved wrong). */
  delete(bucket: string): void {
    this.#known.delete(bucket)
  }
}
