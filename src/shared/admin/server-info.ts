import type { DriveStatus } from './heal.js'

/**
 * The storage backend part of the information record. The erasure fields (MinIO's names, lower
 * camel case as the rest of the record) are present only when `backendType` is `'Erasure'`.
 * @example
 * const { onlineDisks, offlineDisks } = info.storage.backend
 */
export interface StorageBackendInfo {
  /** `'FS'` for one drive, `'Erasure'` for an erasure-coded set of drives. */
  backendType: string
  /** Drives in state `ok`. */
  onlineDisks?: number
  /** Every other drive: offline, missing (unformatted) or corrupt. */
  offlineDisks?: number
  /** Data and parity shards of the STANDARD storage class. */
  standardSCData?: number
  standardSCParity?: number
  /** Data and parity shards of REDUCED_REDUNDANCY. */
  rrSCData?: number
  rrSCParity?: number
  /** The drives of each erasure set, in set order. */
  sets?: DriveStatus[][]
}

/**
 * The seed's server information record ("Server information record"), as the admin API's
 * `GET /silo/admin/v1/info` sends it (one per server) and `AdminClient.serverInfo()` returns it.
 * One definition for both sides, so they cannot drift apart.
 */
export interface ServerInfo {
  /** 'success', or 'error' with `error` saying why. */
  status: 'success' | 'error'
  /** 'on' when running. */
  service: 'on' | 'off'
  /** `host:port` of the server. */
  address: string
  /** '' when there is no error. */
  error: string
  storage: { used: number; backend: StorageBackendInfo }
  /** `transferred`: bytes the server sent; `received`: bytes it received. */
  network: { transferred: number; received: number }
  server: {
    /** Seconds since the server started. */
    uptime: number
    /** Build time, `YYYY-MM-DDThh:mm:ssZ`. */
    version: string
    commitID: string
    region: string
    /** ARNs of the notification targets that started. */
    sqsARN: string[]
  }
}
