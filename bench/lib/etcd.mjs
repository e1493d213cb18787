// A throwaway etcd cluster of real members on loopback for the distributed-mode scenario
// (bench/scenarios/cluster.mjs): Debian's /usr/bin/etcd (3.4), each member its own process and
// data folder, the flags of test/server/helpers/etcd-cluster.ts. Members are killed when the bench
// exits, however it exits.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { onExit } from './children.mjs'

export const ETCD = '/usr/bin/etcd'
const START_ATTEMPTS = 3
const HEALTHY_WITHIN_MS = 20_000

/** A free loopback port (bound and released: the caller binds it again at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts `members` etcd members under `dir` (one data folder each) and resolves once every
 * member's /health says true: {endpoints, pids, stop()}. A port another process took between
 * finding it and etcd binding it makes a member exit: the whole start is tried again on new
 * ports. Fast elections (50 ms heartbeats, 500 ms election timeout), errors-only logging.
 */
export async function startEtcd({ members = 3, dir }) {
  if (!existsSync(ETCD)) throw new Error(`${ETCD} is missing (install it: scripts/services.sh)`)
  let lastError
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const base = join(dir, `etcd-${attempt}`)
    const ports = new Set()
    while (ports.size < members * 2) ports.add(await freePort())
    const free = [...ports]
    const specs = Array.from({ length: members }, (_, i) => ({
      name: `m${i}`,
      client: `http://127.0.0.1:${free[2 * i]}`,
      peer: `http://127.0.0.1:${free[2 * i + 1]}`,
      dir: join(base, `m${i}`),
    }))
    const token = `silo-bench-${process.pid}-${Date.now().toString(36)}-${attempt}`
    const initialCluster = specs.map((m) => `${m.name}=${m.peer}`).join(',')
    const started = specs.map((m) => spawnMember(m, initialCluster, token))
    const cluster = {
      endpoints: specs.map((m) => m.client),
      pids: started.map((m) => m.child.pid),
      async stop() {
        await Promise.all(started.map((m) => m.kill()))
        rmSync(base, { recursive: true, force: true })
      },
    }
    try {
      await waitUntilHealthy(specs, started)
      return cluster
    } catch (error) {
      lastError = error
      await cluster.stop()
    }
  }
  throw new Error(`etcd did not start: ${lastError?.message}`)
}

function spawnMember(m, initialCluster, token) {
  mkdirSync(m.dir, { recursive: true })
  const child = spawn(
    ETCD,
    [
      ...['--name', m.name, '--data-dir', m.dir],
      ...['--listen-client-urls', m.client, '--advertise-client-urls', m.client],
      ...['--listen-peer-urls', m.peer, '--initial-advertise-peer-urls', m.peer],
      ...['--initial-cluster', initialCluster, '--initial-cluster-state', 'new'],
      ...['--initial-cluster-token', token],
      ...['--heartbeat-interval', '50', '--election-timeout', '500'],
      ...['--logger', 'zap', '--log-level', 'error'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const member = { child, stderr: '', exited: false }
  child.stderr.on('data', (chunk) => {
    member.stderr = (member.stderr + chunk.toString()).slice(-2000)
  })
  const exit = new Promise((resolve) =>
    child.once('exit', () => {
      member.exited = true
      resolve()
    }),
  )
  onExit(() => member.exited || child.kill('SIGKILL'))
  member.kill = () => {
    if (!member.exited) child.kill('SIGKILL')
    return exit
  }
  return member
}

/** Polls every member's /health (a leader, and a read through it) until all say true. */
async function waitUntilHealthy(specs, started) {
  const until = Date.now() + HEALTHY_WITHIN_MS
  for (;;) {
    const gone = started.findIndex((m) => m.exited)
    if (gone !== -1) throw new Error(`etcd member ${specs[gone].name} exited: ${started[gone].stderr.trim()}`)
    const healthy = await Promise.all(
      specs.map(async (m) => {
        try {
          const res = await fetch(`${m.client}/health`, { signal: AbortSignal.timeout(1000) })
          return (await res.json()).health === 'true'
        } catch {
          return false
        }
      }),
    )
    if (healthy.every(Boolean)) return
    if (Date.now() > until) throw new Error(`etcd not healthy after ${HEALTHY_WITHIN_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
