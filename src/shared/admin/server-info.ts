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
  storage: { used: number; backend: { backendType: string } }
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
