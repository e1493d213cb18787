import type { AddressInfo } from 'node:net'
import { connect, createServer, type Server, type Socket } from 'node:net'

/** TCP forwarders to some endpoints that a test can cut, as a network partition would. */
export interface TcpGate {
  /** One URL per target (`http://127.0.0.1:port`), forwarding to it while the gate is open. */
  endpoints: string[]
  /** Drops every connection through the gate and refuses new ones. */
  cut(): void
  /** Lets connections through again. */
  restore(): void
  close(): Promise<void>
}

/** Starts a gate in front of `targets` (`http://127.0.0.1:port` URLs). */
export async function startTcpGate(targets: string[]): Promise<TcpGate> {
  let open = true
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const servers: Server[] = await Promise.all(
    targets.map(async (target) => {
      const { port } = new URL(target)
      const server = createServer((client) => {
        track(client)
        if (!open) return void client.destroy()
        const upstream = connect(Number(port), '127.0.0.1')
        track(upstream)
        client.pipe(upstream).pipe(client)
        client.once('close', () => upstream.destroy())
        upstream.once('close', () => client.destroy())
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return server
    }),
  )
  return {
    endpoints: servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`),
    cut() {
      open = false
      for (const socket of sockets) socket.destroy()
    },
    restore() {
      open = true
    },
    async close() {
      open = false
      for (const socket of sockets) socket.destroy()
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))))
    },
  }
}
