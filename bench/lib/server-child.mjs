// A child process that runs exactly one server (Silo, a member of a Silo cluster, s3rver or the
// loopback reference), so its CPU time can be read from /proc/<pid>/stat apart from any client's.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { startLoopbackServer } from './loopback-server.mjs'
import { siloServerEntry } from './paths.mjs'
import { serveRequests } from './rpc-child.mjs'

const require = createRequire(import.meta.url)
let running = null

const starters = {
  async silo({ dir, accessKey, secretKey, kmsSecretKey }) {
    const { createServer } = await import(pathToFileURL(siloServerEntry()).href)
    const server = createServer({
      dir,
      address: '127.0.0.1:0',
      rootUser: accessKey,
      rootPassword: secretKey,
      quiet: true,
      // The SSE-S3 master key (bench/scenarios/sse.mjs); absent: SSE-S3 is refused.
      ...(kmsSecretKey ? { kmsSecretKey } : {}),
    })
    const { host, port } = await server.start()
    return { host: host || '127.0.0.1', port, stop: () => server.stop() }
  },
  // One server of a distributed deployment (bench/scenarios/cluster.mjs): `drives` is every
  // drive URL of every server, the same list for each; it finds its own by `address`'s port.
  // start() resolves once etcd and a quorum of drives were reached and S3 is served.
  async 'silo-cluster'({ drives, etcd, address, accessKey, secretKey }) {
    const { createServer } = await import(pathToFileURL(siloServerEntry()).href)
    const server = createServer({
      dir: drives,
      etcd,
      address,
      rootUser: accessKey,
      rootPassword: secretKey,
      quiet: true,
      // Waiting for the other servers at start is expected; errors still show.
      logger: { info() {}, warn() {}, error: (message, error) => console.error(message, error ?? '') },
    })
    const { host, port } = await server.start()
    return { host: host || '127.0.0.1', port, stop: () => server.stop() }
  },
  async s3rver({ dir }) {
    const S3rver = require('s3rver')
    const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true })
    const { port } = await server.run()
    return { host: '127.0.0.1', port, stop: () => server.close() }
  },
  loopback: () => startLoopbackServer(),
}

serveRequests({
  async start(args) {
    running = await starters[args.kind](args)
    return { host: running.host, port: running.port }
  },
  async stop() {
    await running?.stop()
    running = null
  },
})
