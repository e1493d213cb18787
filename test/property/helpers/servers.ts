/**
 * The backends a server-level property runs against: one drive (the test server), and an
 * erasure set of 4 temporary drives in-process, so a parser's answer is checked on both.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '../../../src/server/index.js'
import { ROOT, startTestServer, type TestServer } from '../../server/helpers/test-server.js'

/** Starts a quiet server with the test root credential on 4 fresh erasure drives. */
export async function startErasureTestServer(): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-property-erasure-'))
  const drives = ['d1', 'd2', 'd3', 'd4'].map((d) => join(dir, d))
  await Promise.all(drives.map((d) => mkdir(d)))
  const server = createServer({
    dir: drives,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    quiet: true,
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

/** Both backends, by name, for `describe.each`. */
export const BACKENDS: ReadonlyArray<readonly [string, () => Promise<TestServer>]> = [
  ['single drive', () => startTestServer()],
  ['erasure, 4 drives', startErasureTestServer],
]
