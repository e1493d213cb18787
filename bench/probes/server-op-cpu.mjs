// Server CPU per small request: one Silo server (packages/silo-server/dist, or SILO_BENCH_SERVER)
// in a child process, driven by the bench's signed raw-socket client (bench/lib/signed-http.mjs)
// with one operation on 1 KiB objects. Prints ops/s and the child's CPU µs per op (/proc), the
// figure to compare two builds by in alternating runs when ops/s is too noisy. With --cpu-prof
// the child writes a profile on exit; summarize it with bench/probes/cpuprofile-top.mjs.
//   node bench/probes/server-op-cpu.mjs get 16 4
//   node bench/probes/server-op-cpu.mjs put 1 8 --cpu-prof --cpu-prof-dir=/tmp/prof
// Arguments: op (put | get | head), concurrency, seconds, then Node flags for the server child.
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { siloServerEntry } from '../lib/paths.mjs'
import { readCpuMicros } from '../lib/proc.mjs'
import { signedHttpAdapter } from '../lib/signed-http.mjs'

const CREDENTIALS = { accessKey: 'benchadmin', secretKey: 'benchadmin-secret' }

if (process.argv[2] === '--serve') {
  const { createServer } = await import(pathToFileURL(siloServerEntry()).href)
  const server = createServer({
    dir: process.argv[3],
    address: '127.0.0.1:0',
    rootUser: CREDENTIALS.accessKey,
    rootPassword: CREDENTIALS.secretKey,
    quiet: true,
  })
  const { port } = await server.start()
  process.send({ port })
  // A normal exit, so that --cpu-prof writes its profile.
  process.once('message', async () => {
    await server.stop()
    process.exit(0)
  })
} else {
  const [op = 'get', concurrency = '16', seconds = '4', ...flags] = process.argv.slice(2)
  const dir = mkdtempSync(join(tmpdir(), 'silo-probe-'))
  const child = fork(fileURLToPath(import.meta.url), ['--serve', dir], { execArgv: flags })
  const { port } = await new Promise((resolve) => child.once('message', resolve))
  const s3 = signedHttpAdapter({ host: '127.0.0.1', port, region: 'us-east-1', ...CREDENTIALS })
  await s3.makeBucket('probe')
  const body = Buffer.alloc(1024, 0x61)
  const keys = Array.from({ length: 16 }, (_, i) => `k${i}`)
  for (const key of keys) await s3.put('probe', key, body)
  const cpuBefore = readCpuMicros(child.pid)
  const end = Date.now() + Number(seconds) * 1000
  let ops = 0
  const worker = async (first) => {
    for (let i = first; Date.now() < end; i++) {
      const key = keys[i % keys.length]
      if (op === 'put') await s3.put('probe', key, body)
      else if (op === 'head') await s3.head('probe', key)
      else await s3.get('probe', key)
      ops++
    }
  }
  await Promise.all(Array.from({ length: Number(concurrency) }, (_, w) => worker(w)))
  const cpu = readCpuMicros(child.pid) - cpuBefore
  console.log(
    `${op} 1 KiB, concurrency ${concurrency}: ${ops} ops, ${Math.round(ops / Number(seconds))}/s, ` +
      `server CPU ${(cpu / ops).toFixed(1)} µs per op`,
  )
  child.send('stop')
  await new Promise((resolve) => child.once('exit', resolve))
  rmSync(dir, { recursive: true, force: true })
}
