import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type SiloServer } from '../../../src/server/index.js'

export const ROOT = { accessKey: 'testroot', secretKey: 'testroot-secret' }

/** A server on a free port over a fresh temporary directory. */
export interface TestServer {
  url: string
  port: number
  dir: string
  stop(): Promise<void>
}

/** Starts a quiet server with the test root credential. */
export async function startTestServer(
  options: { region?: string; domain?: string } = {},
): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-server-test-'))
  const server: SiloServer = createServer({
    dir,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    quiet: true,
    ...options,
  })
  const { url, port } = await server.start()
  return {
    url,
    port,
    dir,
    async stop() {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
