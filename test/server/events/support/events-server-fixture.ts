/**
 * A Silo server in its own process, for tests that kill it (SIGKILL) mid-flight. Run with
 * vite-node: `vite-node events-server-fixture.ts -- '<json options>'`; prints one JSON line
 * `{"url": ...}` when it listens and stops on SIGTERM.
 */
import { createServer } from '../../../../src/server/index.js'

const options = JSON.parse(process.argv.at(-1)!) as {
  dir: string | string[]
  notify: unknown
  rootUser: string
  rootPassword: string
}
const server = createServer({ ...options, address: '127.0.0.1:0', quiet: true })
const { url } = await server.start()
process.stdout.write(`${JSON.stringify({ url })}\n`)
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0))
})
