// What a scenario gets: options, logging, and servers and client children that live as
// long as the scenario (a client child stays warm from one table to the next).
import { startClient, startClientGroup } from './clients.mjs'
import { describePath, isSiloSdkBuilt, siloSdkEntry } from './paths.mjs'
import { SDKS } from './sdk-adapters.mjs'
import { SERVER_KINDS, startServer } from './servers.mjs'

/** Creates the context for one scenario run; call `close()` after it to stop its children. */
export function createScenarioContext({ options, tmpRoot, log }) {
  const servers = new Map()
  const clients = new Map()
  return {
    options,
    log,
    /** The run's temporary folder (on the file system the servers store on). */
    tmpRoot,
    /** The server of `kind` for this scenario, started on first use. */
    server(kind) {
      if (!servers.has(kind)) servers.set(kind, startServer(kind, tmpRoot))
      return servers.get(kind)
    },
    /** The client child (or `processes` children driven as one) for `sdk` against `server`, started on first use. */
    client(sdk, server, processes = 1) {
      const key = `${sdk}@${server.kind}×${processes}`
      if (!clients.has(key))
        clients.set(key, processes > 1 ? startClientGroup(sdk, server, processes) : startClient(sdk, server))
      return clients.get(key)
    },
    /** Whether a server kind can run now (Silo needs `npm run build`). */
    isServerAvailable: (kind) => SERVER_KINDS[kind].isAvailable(),
    serverMissing: (kind) => SERVER_KINDS[kind].missing,
    /**
     * The S3 server the SDK scenarios use: --server, else Silo when built and able to start,
     * else s3rver. Returns {server, note} where note says why the fallback was taken.
     */
    async sdkServer() {
      if (options.server) return { server: await this.server(options.server), note: '' }
      if (!SERVER_KINDS.silo.isAvailable()) {
        return { server: await this.server('s3rver'), note: ` (Silo server: ${SERVER_KINDS.silo.missing})` }
      }
      try {
        return { server: await this.server('silo'), note: '' }
      } catch (error) {
        log(`  Silo server did not start, using s3rver: ${error.message}`)
        return { server: await this.server('s3rver'), note: ` (Silo server did not start: ${error.message})` }
      }
    },
    /** One section entry per S3 SDK against `server`; the Silo SDK entry carries an error if unbuilt. */
    sdkEntries(server) {
      return ['silo', 'minio', 'aws'].map((sdk) => ({
        label: SDKS[sdk].label,
        sdk,
        server,
        baseline: SDKS[sdk].baseline,
        error: sdk === 'silo' && !isSiloSdkBuilt() ? `${describePath(siloSdkEntry())} not built` : undefined,
      }))
    },
    async close() {
      for (const children of [clients, servers]) {
        const started = await Promise.allSettled(children.values())
        await Promise.all(started.filter((s) => s.status === 'fulfilled').map((s) => s.value.stop()))
      }
    },
  }
}
