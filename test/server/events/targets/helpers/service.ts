import { createServer, Socket } from 'node:net'

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function isPortOpen(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket()
    const done = (open: boolean) => {
      socket.destroy()
      resolve(open)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.connect(port, '127.0.0.1')
  })
}

/**
 * Decides whether a test file runs against `service` on `port`. Off CI a missing service
 * skips the file with a one-line reason; under `CI=true` it throws, so the file fails instead
 * of passing silently (docs/testing.md, SERVICES.md).
 */
export async function checkService(service: string, port: number): Promise<{ up: boolean; title: string }> {
  if (await isPortOpen(port)) return { up: true, title: `${service} on 127.0.0.1:${port}` }
  const reason = `${service} is not reachable on 127.0.0.1:${port} (start it: scripts/services.sh)`
  if (process.env.CI === 'true') throw new Error(`${reason}; CI=true, so a missing service is a failure`)
  console.warn(`skipped: ${reason}`)
  return { up: false, title: `skipped: ${reason}` }
}

/** A loopback port nothing listens on: bound, then released. */
export async function findClosedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A name unique to this run, safe as a table, key, queue or subject name. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
}
