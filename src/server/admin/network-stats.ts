import type { Socket } from 'node:net'

/**
 * Bytes the server received and sent, over every connection it accepted: closed connections
 * are summed when they close, open ones are read live.
 *
 * @example
 * const stats = new NetworkStats(); http.on('connection', (s) => stats.track(s))
 * stats.totals() // { received: 1234, transferred: 5678 }
 */
export class NetworkStats {
  #received = 0
  #transferred = 0
  readonly #open = new Set<Socket>()

  /** Counts a new connection's traffic. */
  track(socket: Socket): void {
    this.#open.add(socket)
    socket.once('close', () => {
      this.#open.delete(socket)
      this.#received += socket.bytesRead
      this.#transferred += socket.bytesWritten
    })
  }

  /** `received`: bytes that came in from clients; `transferred`: bytes sent to them. */
  totals(): { received: number; transferred: number } {
    let received = this.#received
    let transferred = this.#transferred
    for (const socket of this.#open) {
      received += socket.bytesRead
      transferred += socket.bytesWritten
    }
    return { received, transferred }
  }
}
