import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type ServerOptions, type SiloServer } from '../../../src/server/index.js'

export const ROOT = { accessKey: 'testroot', secretKey: 'testroot-secret' }

/** A server on a free port over a fresh temporary directory. */
export interface TestServer {
  url: string
  port: number
  dir: string
  stop(): Promise<void>
}

/**
 * Any server option but where it listens, its data and its root (the test's own); `drives`
 * above 1 makes an erasure set of that many fresh drives (d1, d2, ...) inside the temporary
 * directory.
 */
export type TestServerOptions = Omit<ServerOptions, 'dir' | 'address' | 'rootUser' | 'rootPassword'> & {
  drives?: number
}

/** Starts a quiet server with the test root credential. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { drives = 1, ...serverOptions } = options
  const dir = await mkdtemp(join(tmpdir(), 'silo-server-test-'))
  const dataDir = drives === 1 ? dir : Array.from({ length: drives }, (_, i) => join(dir, `d${i + 1}`))
  if (Array.isArray(dataDir)) await Promise.all(dataDir.map((d) => mkdir(d)))
  const server: SiloServer = createServer({
    dir: dataDir,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    quiet: true,
    ...serverOptions,
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
