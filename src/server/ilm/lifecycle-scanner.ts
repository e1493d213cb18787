import type { EventPublisher, EventRequestInfo, ObjectEvent } from '../events/event-publisher.js'
import { readBucketVersioning } from '../handlers/versioning/bucket-versioning.js'
import { nextRequestId } from '../request-id.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import { LIFECYCLE_DOCUMENT, parseStoredRules } from './lifecycle-rules.js'
import { scanBucket } from './scan-bucket.js'
import { emptyScanCounts, type ScanCounts } from './scan-counts.js'
import type { ResolvedScanOptions } from './scan-options.js'
import { ScanPacer } from './scan-pacer.js'

/**
 * Who an expiry's event record names. S3 names its lifecycle service; MinIO's ILM expiry sends
 * `Internal: [ILM-Expiry]` as host and user agent, with no access key: so do we.
 */
const ILM_SOURCE = 'Internal: [ILM-Expiry]'

/** What the scanner needs from the server. */
export interface LifecycleScannerDeps {
  storage: ObjectLayer
  /** Where removals' events go (the server's notifier), read at each removal. */
  events: () => EventPublisher | undefined
  warn: (message: string) => void
  /**
   * Whether this server runs the background scans (default: yes). In a cluster one server does
   * (the first live member), so an object expires once, with one event.
   */
  scansInBackground?: () => boolean
}

/**
 * The background lifecycle scanner (issue 14): every `intervalMs` it walks the buckets that
 * have a lifecycle configuration and applies their rules (ilm/scan-bucket.ts), paced by
 * `objectsPerSecond` in batches (ilm/scan-pacer.ts). `scanNow` runs one full scan at once (the
 * admin hook); scans never overlap, a second waits for the first.
 *
 * @example const scanner = new LifecycleScanner(deps, resolveScanOptions()); scanner.start()
 */
export class LifecycleScanner {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<unknown> = Promise.resolve()
  private closed = false

  constructor(
    private readonly deps: LifecycleScannerDeps,
    private readonly options: ResolvedScanOptions,
  ) {}

  /** Schedules the background scans (none when `intervalMs` is 0). */
  start(): void {
    if (this.options.intervalMs === 0 || this.closed) return
    // The first pass soon after start, so servers restarted often still scan.
    this.schedule(Math.min(this.options.intervalMs, 60_000))
  }

  /** Runs one full scan after any running one, and resolves with its counts. */
  scanNow(): Promise<ScanCounts> {
    const scan = this.running.then(() => this.scanAll())
    this.running = scan.catch(() => undefined)
    return scan
  }

  /** Stops scheduling; a running scan stops at its next object. */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.timer)
    await this.running
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      if (this.deps.scansInBackground?.() === false) {
        this.schedule(this.options.intervalMs)
        return
      }
      this.scanNow()
        .catch((error: Error) => this.deps.warn(`lifecycle scan failed: ${error.message}`))
        .finally(() => {
          if (!this.closed) this.schedule(this.options.intervalMs)
        })
    }, delayMs)
    this.timer.unref()
  }

  private async scanAll(): Promise<ScanCounts> {
    const counts = emptyScanCounts()
    const pacer = new ScanPacer(this.options.batchSize, this.options.objectsPerSecond)
    const now = this.options.now()
    const { storage } = this.deps
    for (const bucket of await storage.listBuckets()) {
      if (this.closed) break
      try {
        const rules = parseStoredRules(await storage.getBucketDocument(bucket.name, LIFECYCLE_DOCUMENT))
        if (!rules.some((rule) => rule.enabled)) continue
        counts.buckets += 1
        await scanBucket({
          storage,
          bucket: bucket.name,
          rules,
          versioning: await readBucketVersioning(storage, bucket.name),
          now,
          pacer,
          counts,
          publish: (event) => this.publish(event),
          stopping: () => this.closed,
        })
      } catch (error) {
        // A bucket deleted during the scan; anything else is logged and the next bucket goes on.
        if ((error as { code?: string }).code !== 'NoSuchBucket') {
          this.deps.warn(`lifecycle scan of bucket ${bucket.name}: ${(error as Error).message}`)
        }
      }
    }
    Object.assign(counts, pacer.counts)
    return counts
  }

  private publish(event: ObjectEvent): Promise<void> {
    const events = this.deps.events()
    if (!events) return Promise.resolve()
    const request: EventRequestInfo = {
      requestId: nextRequestId(),
      principalId: '',
      sourceHost: ILM_SOURCE,
      sourcePort: undefined,
      userAgent: ILM_SOURCE,
    }
    return events.publish([event], request)
  }
}
