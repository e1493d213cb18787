import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type ServerOptions } from '../../../src/server/index.js'

export const ROOT_USER = 'e2e-root-user'
export const ROOT_PASSWORD = 'e2e-root-password-0123456789'

export interface RunningServer {
  url: string
  host: string
  port: number
  dir: string
  stop(): Promise<void>
}

/**
 * Starts a Silo server in-process on a free loopback port over a fresh temporary folder;
 * `options` add any other server option (`tls` makes it HTTPS).
 */
export async function startServer(
  options: Omit<ServerOptions, 'dir' | 'address' | 'rootUser' | 'rootPassword'> = {},
): Promise<RunningServer> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-e2e-'))
  const server = createServer({
    dir,
    address: '127.0.0.1:0',
    rootUser: ROOT_USER,
    rootPassword: ROOT_PASSWORD,
    quiet: true,
    ...options,
  })
  const { url, port, host } = await server.start()
  return {
    url,
    port,
    host,
    dir,
    async stop() {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
