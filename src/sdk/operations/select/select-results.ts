/**
 * The result of `selectObjectContent`, shaped as minio-js's `SelectResults`: the records, the
 * Stats and Progress XML, and the raw response bytes, each with a getter and a setter.
 * @example
 * const results = await client.selectObjectContent('logs', 'a.csv', options)
 * console.log(results.getRecords().toString(), results.getStats())
 */
export class SelectResults {
  private records?: unknown
  private response?: unknown
  private stats?: string
  private progress?: unknown

  /**
   * @param parts `records` (the output bytes), `response` (the whole event stream), `stats` and
   *   `progress` (the last Stats / Progress XML).
   */
  constructor({
    records,
    response,
    stats,
    progress,
  }: { records?: unknown; response?: unknown; stats?: string; progress?: unknown }) {
    this.records = records
    this.response = response
    this.stats = stats
    this.progress = progress
  }

  /** Replaces the Stats XML. */
  setStats(stats: string): void {
    this.stats = stats
  }

  /** The Stats message's XML (`<Stats><BytesScanned>…`), once the query ended. */
  getStats(): string | undefined {
    return this.stats
  }

  /** Replaces the Progress XML. */
  setProgress(progress: unknown): void {
    this.progress = progress
  }

  /** The last Progress message's XML, when RequestProgress was enabled. */
  getProgress(): unknown {
    return this.progress
  }

  /** Replaces the raw response. */
  setResponse(response: unknown): void {
    this.response = response
  }

  /** The whole event stream as received (a Buffer in Node, a Uint8Array elsewhere). */
  getResponse(): unknown {
    return this.response
  }

  /** Replaces the records. */
  setRecords(records: unknown): void {
    this.records = records
  }

  /**
   * Every output record, as bytes (a Buffer in Node: `getRecords().toString()` is the text). Unlike
   * minio-js 8, which keeps only the last Records message, all of them are joined.
   */
  getRecords(): unknown {
    return this.records
  }
}
