// Parent side: each SDK runs in its own child process bound to one server.
import { forkChild } from './children.mjs'
import { SDKS } from './sdk-adapters.mjs'

const CHILD = new URL('./client-child.mjs', import.meta.url).pathname

/** Starts a client child for `sdk` against `server`; the handle runs workloads in it. */
export async function startClient(sdk, server) {
  const child = forkChild(CHILD, { name: `${SDKS[sdk].label} client child` })
  const target = {
    host: server.host,
    port: server.port,
    region: server.region,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
  }
  try {
    await child.request('init', { sdk, server: target })
  } catch (error) {
    await child.kill()
    throw error
  }
  return {
    sdk,
    label: SDKS[sdk].label,
    prepare: (args) => child.request('prepare', args),
    run: (spec) => child.request('run', spec),
    stop: () => child.kill(),
  }
}
