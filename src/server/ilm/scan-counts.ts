import type { PacerCounts } from './scan-pacer.js'

/** What one full lifecycle scan did: the admin scan hook answers it as JSON. */
export interface ScanCounts extends PacerCounts {
  /** Buckets with a lifecycle configuration that were walked. */
  buckets: number
  /** Object versions, delete markers and multipart uploads looked at. */
  examined: number
  /** Current versions expired (removed, or hidden behind a new delete marker). */
  expired: number
  /** Expired delete markers removed (ExpiredObjectDeleteMarker). */
  deleteMarkersRemoved: number
  /** Noncurrent versions removed (NoncurrentVersionExpiration). */
  noncurrentRemoved: number
  /** Incomplete multipart uploads aborted (AbortIncompleteMultipartUpload). */
  uploadsAborted: number
  /** Versions a rule would have removed but object lock protects (legal hold, retention). */
  lockedSkipped: number
}

/** Counts of a scan that has examined nothing yet. */
export function emptyScanCounts(): ScanCounts {
  return {
    buckets: 0,
    examined: 0,
    expired: 0,
    deleteMarkersRemoved: 0,
    noncurrentRemoved: 0,
    uploadsAborted: 0,
    lockedSkipped: 0,
    batches: 0,
    yields: 0,
    sleeps: 0,
  }
}
