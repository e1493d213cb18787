// One big PUT and GET through the Silo SDK against one Silo server in a child process (8 drive
// folders, EC 4+4, or one drive), reporting the server's CPU seconds per GiB for each, its V8
// garbage collections, and optionally a CPU profile of each transfer (for cpuprofile-top.mjs).
// Lighter than the erasure-server scenario, for A/B comparisons of builds on a busy machine:
//   SILO_BENCH_SERVER=<build>/server/index.js node bench/probes/erasure-transfer.mjs \
//     [--drives 8] [--mib 1024] [--rounds 1] [--profile <dir>]
// CPU by thread: `main` is the event loop; `node` the rest (V8's helpers, busy with garbage
// collection, and libuv's file-system threads; PROBE_BY_TID=1 lists them one by one). GC
// counts come from perf_hooks: "major" are mark-compacts, "minor" everything else (scavenges,
// incremental marking steps). PROBE_NODE_FLAGS passes node flags to the server child (say
// --trace-gc); PROBE_HEAP=1 makes --profile write allocation samples instead of CPU profiles.
import { fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { patternStream } from '../lib/big-transfers.mjs'
import { siloSdkEntry, siloServerEntry } from '../lib/paths.mjs'
import { CLOCK_TICKS_PER_SECOND, readCpuMicros } from '../lib/proc.mjs'

const ACCESS_KEY = 'probeadmin'
const SECRET_KEY = 'probeadmin-secret'
const MiB = 1024 * 1024

if (process.argv[2] === 'child') await serveChild()
else await runParent()

async function runParent() {
  const { values } = parseArgs({
    options: {
      drives: { type: 'string', default: '8' },
      mib: { type: 'string', default: '1024' },
      rounds: { type: 'string', default: '1' },
      profile: { type: 'string' },
    },
  })
  const drives = Number(values.drives)
  const mib = Number(values.mib)
  const root = mkdtempSync(join(os.tmpdir(), 'silo-probe-transfer-'))
  const dir =
    drives === 1 ? join(root, 'single') : Array.from({ length: drives }, (_, i) => join(root, `d${i + 1}`))
  for (const d of [dir].flat()) mkdirSync(d, { recursive: true })
  const child = fork(new URL(import.meta.url).pathname, ['child'], {
    // Node flags for the server child (say --trace-gc), space-separated.
    execArgv: (process.env.PROBE_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map()
  let nextId = 1
  child.on('message', (m) => pending.get(m.id)?.(m.result))
  const request = (cmd, args = {}) =>
    new Promise((resolve) => {
      const id = nextId++
      pending.set(id, resolve)
      child.send({ id, cmd, args })
    })
  try {
    const { port } = await request('start', { dir })
    const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
    const client = new Client({
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    })
    await client.makeBucket('probe')
    const bytes = mib * MiB
    const perGiB = 1024 / mib
    for (let round = 0; round < Number(values.rounds); round++) {
      const key = `big-${round}`
      const measure = async (what, run) => {
        if (values.profile) await request('profile-start')
        await request('gc-reset')
        const cpu = readCpuMicros(child.pid)
        const threads = readThreadCpu(child.pid)
        const start = performance.now()
        await run()
        const seconds = (performance.now() - start) / 1000
        const cpuSeconds = (readCpuMicros(child.pid) - cpu) / 1e6
        const gc = await request('gc-read')
        const byThread = diffThreadCpu(threads, readThreadCpu(child.pid))
        if (values.profile) {
          const profile = await request('profile-stop')
          mkdirSync(values.profile, { recursive: true })
          writeFileSync(join(values.profile, `${what}-${round}.cpuprofile`), profile)
        }
        console.log(
          `${what} round ${round + 1}: ${(mib / seconds).toFixed(0)} MiB/s, server CPU ${(cpuSeconds * perGiB).toFixed(2)} s per GiB, GC ${gc.major} major / ${gc.minor} minor, ${(gc.ms * perGiB).toFixed(0)} ms per GiB`,
        )
        console.log(
          `  per GiB by thread: ${Object.entries(byThread)
            .map(([name, t]) => `${name} ${(t.user * perGiB).toFixed(2)}u+${(t.system * perGiB).toFixed(2)}s`)
            .join(', ')}`,
        )
      }
      await measure('put', () => client.putObject('probe', key, patternStream(bytes), bytes))
      await measure('get', async () => {
        let read = 0
        for await (const chunk of await client.getObject('probe', key)) read += chunk.length
        if (read !== bytes) throw new Error(`GET returned ${read} bytes of ${bytes}`)
      })
      await client.removeObject('probe', key)
    }
  } finally {
    child.kill('SIGKILL')
    rmSync(root, { recursive: true, force: true })
  }
}

/** CPU seconds (user, system) of each thread of `pid`, by thread id: { tid: { name, user, system } }. */
function readThreadCpu(pid) {
  const threads = {}
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      threads[tid] = {
        name,
        user: Number(fields[11]) / CLOCK_TICKS_PER_SECOND,
        system: Number(fields[12]) / CLOCK_TICKS_PER_SECOND,
      }
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads
}

/** What each kind of thread (by name; the main thread is `main`) spent between two readings. */
function diffThreadCpu(before, after) {
  const byName = {}
  const mainTid = Math.min(...Object.keys(after).map(Number))
  for (const [tid, now] of Object.entries(after)) {
    const then = before[tid] ?? { user: 0, system: 0 }
    const name = Number(tid) === mainTid ? 'main' : process.env.PROBE_BY_TID ? `${now.name}#${tid}` : now.name
    byName[name] ??= { user: 0, system: 0 }
    const sum = byName[name]
    sum.user += now.user - then.user
    sum.system += now.system - then.system
  }
  return byName
}

async function serveChild() {
  const { Session } = await import('node:inspector/promises')
  const { PerformanceObserver, constants } = await import('node:perf_hooks')
  const { createServer } = await import(pathToFileURL(siloServerEntry()).href)
  let gc = { major: 0, minor: 0, ms: 0 }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.major++
      else gc.minor++
      gc.ms += entry.duration
    }
  }).observe({ entryTypes: ['gc'] })
  const session = new Session()
  session.connect()
  const handlers = {
    async start({ dir }) {
      const server = createServer({
        dir,
        address: '127.0.0.1:0',
        rootUser: ACCESS_KEY,
        rootPassword: SECRET_KEY,
        quiet: true,
      })
      return { port: (await server.start()).port }
    },
    async 'profile-start'() {
      if (process.env.PROBE_HEAP) {
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
        return
      }
      await session.post('Profiler.enable')
      await session.post('Profiler.start')
    },
    async 'profile-stop'() {
      if (process.env.PROBE_HEAP) {
        const { profile } = await session.post('HeapProfiler.stopSampling')
        return JSON.stringify(profile)
      }
      const { profile } = await session.post('Profiler.stop')
      return JSON.stringify(profile)
    },
    async 'gc-reset'() {
      gc = { major: 0, minor: 0, ms: 0 }
    },
    async 'gc-read'() {
      // The observer is told after the collection: let pending entries arrive first.
      await new Promise((resolve) => setTimeout(resolve, 50))
      return gc
    },
  }
  process.on('disconnect', () => process.exit(0))
  process.on('message', async ({ id, cmd, args }) => {
    process.send({ id, result: await handlers[cmd](args) })
  })
}
