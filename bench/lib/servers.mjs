// Parent side: each server runs in its own child process on its own temporary folder.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { forkChild } from './children.mjs'
import { describePath, isSiloServerBuilt, siloNodeFlags, siloServerEntry } from './paths.mjs'
import { readCpuMicros, readRss } from './proc.mjs'

const CHILD = new URL('./server-child.mjs', import.meta.url).pathname

/** The servers the bench knows: label, credentials, Node flags, and whether it can run now. */
export const SERVER_KINDS = {
  silo: {
    label: 'Silo server',
    accessKey: 'benchadmin',
    secretKey: 'benchadmin-secret',
    get execArgv() {
      return siloNodeFlags()
    },
    isAvailable: isSiloServerBuilt,
    get missing() {
      return `${describePath(siloServerEntry())} not built (run \`npm run build\`)`
    },
  },
  s3rver: {
    label: 's3rver',
    // s3rver accepts only its built-in account.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    // s3rver's list continuation tokens use a cipher that OpenSSL 3 hides by default.
    execArgv: ['--openssl-legacy-provider'],
    isAvailable: () => true,
  },
  loopback: {
    label: 'node:http loopback',
    accessKey: '',
    secretKey: '',
    execArgv: [],
    isAvailable: () => true,
  },
}

/**
 * Starts a server of `kind` in a child process, storing under `root/<kind>-<n>`, or in `dir`
 * when given (a Silo server's drive folders, already made). The handle reads the child's CPU
 * time and RSS from /proc, and lists the one endpoint it serves (as a cluster lists several).
 */
export async function startServer(kind, root, { dir: given } = {}) {
  const spec = SERVER_KINDS[kind]
  const dir = given ?? join(root, `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`)
  if (!given) mkdirSync(dir, { recursive: true })
  const child = forkChild(CHILD, { execArgv: spec.execArgv, name: `${spec.label} child` })
  try {
    const { host, port } = await child.request('start', {
      kind,
      dir,
      accessKey: spec.accessKey,
      secretKey: spec.secretKey,
    })
    return {
      kind,
      label: spec.label,
      dir,
      host,
      port,
      endpoints: [{ host, port }],
      pid: child.pid,
      region: 'us-east-1',
      accessKey: spec.accessKey,
      secretKey: spec.secretKey,
      prepared: new Set(),
      cpuMicros: () => readCpuMicros(child.pid),
      rss: () => readRss(child.pid),
      stop: () => child.kill(),
    }
  } catch (error) {
    await child.kill()
    throw error
  }
}
