import type { ServerResponse } from 'node:http'
import type { PeerApi } from '../cluster/peer-api.js'
import type { ConfigStore } from '../config/config-store.js'
import type { LifecycleScanner } from '../ilm/lifecycle-scanner.js'
import type { HealSequences } from './heal/heal-sequences.js'
import type { NetworkStats } from './network-stats.js'

/** What the admin API needs from the running server beyond storage and IAM. */
export interface AdminServices {
  /** The stored server configuration (`config get` / `config set`). */
  config: ConfigStore
  /** Bytes in and out, for `info`. */
  network: NetworkStats
  /** The heal sequences (erasure-coded backends; a single drive answers XSiloHealNotImplemented). */
  heal: HealSequences
  /** The lifecycle scanner (`POST v1/ilm/scan` runs one scan now). */
  ilm: LifecycleScanner
  /** `host:port` the server listens on. */
  address(): string
  /**
   * Distributed mode: bytes used on this server's own drives, which `info` reports for it (the
   * storage's usedBytes counts every server's drives).
   */
  usedBytes?: () => Promise<number>
  /** Distributed mode: the other servers, for `info` and `service` on every server. */
  peers?: Pick<PeerApi, 'others' | 'info' | 'service'>
  /** Drains running requests (but `except`) for up to `drainMs`, then stops the server. */
  stop(drainMs: number, except?: ServerResponse): Promise<void>
}
