// S3 Select over a big CSV (1 GiB; 128 MiB with --quick), generated on the fly into a Silo server
// (dist/, its own child process, one drive): MiB/s scanned by a query whose WHERE keeps one row in
// 100,000, against a plain GET of the same object in the same run (the peer), and the server's
// peak resident size while it selects (VmHWM of a server process started for the query) against
// the goal of 128 MiB.
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { forkChild } from '../lib/children.mjs'
import {
  describePath,
  isSiloSdkBuilt,
  isSiloServerBuilt,
  siloSdkEntry,
  siloServerEntry,
} from '../lib/paths.mjs'
import { readCpuMicros } from '../lib/proc.mjs'
import { median } from '../lib/stats.mjs'
import { createTempFolder } from '../lib/temp-root.mjs'

const MiB = 1024 * 1024
const BUCKET = 'bench-select'
const KEY = 'big.csv'
const ACCESS_KEY = 'benchadmin'
const SECRET_KEY = 'benchadmin-secret'
const SERVER_CHILD = new URL('../lib/server-child.mjs', import.meta.url).pathname
const ROW_BYTES = 64
const NEEDLE_EVERY = 100_000
const PEAK_GOAL_MiB = 128

export default {
  name: 'select',
  title: 'S3 Select over a big CSV',
  description: `SelectObjectContent over a CSV of 1 GiB (128 MiB with --quick; SILO_BENCH_SELECT_MIB to change), rows of ${ROW_BYTES} bytes generated while they are uploaded, through the Silo SDK against a Silo server (dist/) in its own process on one drive. The query keeps one row in ${NEEDLE_EVERY.toLocaleString('en-US')} (\`SELECT s._1 FROM S3Object s WHERE s._3 = 'needle'\`). The peer is a plain GET of the same object read to its end, in the same run. Each read runs on a server process started for it after the upload, so its peak RSS (VmHWM) is its own.`,
  async run(ctx) {
    const objectMiB = Number(process.env.SILO_BENCH_SELECT_MIB || (ctx.options.quick ? 128 : 1024))
    if (!isSiloServerBuilt() || !isSiloSdkBuilt()) {
      throw new Error(
        `${describePath(isSiloServerBuilt() ? siloSdkEntry() : siloServerEntry())} not built (run \`npm run build\`)`,
      )
    }
    const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
    const root = createTempFolder(os.tmpdir(), 'silo-bench-select-')
    const dir = join(root, 'drive')
    mkdirSync(dir)
    const rows = Math.floor((objectMiB * MiB) / ROW_BYTES)
    const bytes = rows * ROW_BYTES
    const server = await startSilo(dir, Client)
    try {
      await server.client.makeBucket(BUCKET)
      const uploadStart = performance.now()
      await server.client.putObject(BUCKET, KEY, csvStream(rows), bytes)
      ctx.log(`  uploaded ${objectMiB} MiB in ${((performance.now() - uploadStart) / 1000).toFixed(1)} s`)
    } finally {
      await server.stop()
    }
    try {
      // Each round is a full scan of the object; a 1 GiB one is long, so at most 2 rounds. Every
      // read gets a fresh server process, so its peak is its own (V8 keeps what it grew).
      const rounds = Math.min(2, ctx.options.rounds)
      const get = { mibPerSec: [], cpu: [], peak: [], startRss: [] }
      const select = { mibPerSec: [], cpu: [], peak: [], startRss: [] }
      const fresh = () => startSilo(dir, Client)
      for (let round = 0; round < rounds; round++) {
        await measure(get, fresh, bytes, (client) => readWhole(client, bytes))
        await measure(select, fresh, bytes, (client) => runSelect(client, rows))
        ctx.log(
          `  round ${round + 1}: GET ${get.mibPerSec.at(-1).toFixed(1)} MiB/s (peak RSS ${get.peak.at(-1).toFixed(0)} MiB), select ${select.mibPerSec.at(-1).toFixed(1)} MiB/s (peak RSS ${select.peak.at(-1).toFixed(0)} MiB)`,
        )
      }
      const getMibPerSec = median(get.mibPerSec)
      const selectPeak = Math.max(...select.peak)
      const startRss = median([...get.startRss, ...select.startRss])
      return {
        subtitle: `Silo SDK in the bench process; the server in its own process, started afresh for each read (RSS ${startRss.toFixed(0)} MiB after its start); ${os.cpus().length} cores`,
        sections: [
          {
            heading: `${objectMiB.toLocaleString('en-US')} MiB CSV, ${rows.toLocaleString('en-US')} rows`,
            columns: [
              { key: 'label', header: 'read', align: 'left' },
              { key: 'mibPerSec', header: 'MiB/s scanned', format: 'number' },
              { key: 'ratio', header: '÷ GET', format: 'ratio' },
              { key: 'serverCpu', header: 'server CPU s', format: 'number' },
              { key: 'peakMiB', header: 'server peak RSS MiB', format: 'number' },
            ],
            rows: [
              row('GET, whole object (peer)', get, getMibPerSec),
              row(
                `Select, WHERE keeps 1 row in ${NEEDLE_EVERY.toLocaleString('en-US')}`,
                select,
                getMibPerSec,
              ),
            ],
          },
        ],
        goals: [
          {
            goal: `Select peak RSS ≤ ${PEAK_GOAL_MiB} MiB`,
            where: `select over ${objectMiB} MiB`,
            measured: `${selectPeak.toFixed(0)} MiB (the server's RSS after start: ${startRss.toFixed(0)} MiB)`,
            met: selectPeak <= PEAK_GOAL_MiB,
          },
        ],
      }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
}

function row(label, samples, getMibPerSec) {
  const mibPerSec = median(samples.mibPerSec)
  return {
    label,
    mibPerSec,
    ratio: mibPerSec / getMibPerSec,
    serverCpu: median(samples.cpu),
    peakMiB: Math.max(...samples.peak),
  }
}

/** Runs one read on a fresh server process; records MiB/s, server CPU and its peak RSS. */
async function measure(samples, startServer, bytes, read) {
  const server = await startServer()
  try {
    samples.startRss.push(readStatusMiB(server.pid, 'VmRSS'))
    const cpu = server.cpuMicros()
    const start = performance.now()
    await read(server.client)
    const seconds = (performance.now() - start) / 1000
    samples.mibPerSec.push(bytes / MiB / seconds)
    samples.cpu.push((server.cpuMicros() - cpu) / 1e6)
    samples.peak.push(readStatusMiB(server.pid, 'VmHWM'))
  } finally {
    await server.stop()
  }
}

async function readWhole(client, bytes) {
  let read = 0
  for await (const chunk of await client.getObject(BUCKET, KEY)) read += chunk.length
  if (read !== bytes) throw new Error(`GET returned ${read} bytes of ${bytes}`)
}

async function runSelect(client, rows) {
  const results = await client.selectObjectContent(BUCKET, KEY, {
    expression: "SELECT s._1 FROM S3Object s WHERE s._3 = 'needle'",
    expressionType: 'SQL',
    inputSerialization: { CSV: { FileHeaderInfo: 'NONE' }, CompressionType: 'NONE' },
    outputSerialization: { CSV: {} },
  })
  const found = String(results.getRecords()).split('\n').length - 1
  const expected = Math.ceil(rows / NEEDLE_EVERY)
  if (found !== expected) throw new Error(`select found ${found} rows, expected ${expected}`)
}

/** Row `i`: fixed width, so the object's size is known before it exists. */
function csvRow(i) {
  const tag = i % NEEDLE_EVERY === 0 ? 'needle' : 'hay'
  const text = `${String(i).padStart(10, '0')},name${String(i % 9973).padStart(6, '0')},${tag},${(i % 1000) / 10}`
  return `${text.padEnd(ROW_BYTES - 1, ' ')}\n`
}

function csvStream(rows) {
  let next = 0
  return new Readable({
    read() {
      if (next >= rows) return this.push(null)
      let chunk = ''
      for (let k = 0; k < 16_384 && next < rows; k++, next++) chunk += csvRow(next)
      this.push(chunk)
    },
  })
}

function readStatusMiB(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : Number.NaN
}

/** A Silo server (dist/) in its own process. */
async function startSilo(dir, Client) {
  const child = forkChild(SERVER_CHILD, { name: 'Silo server child' })
  try {
    const { host, port } = await child.request('start', {
      kind: 'silo',
      dir,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    })
    return {
      pid: child.pid,
      client: new Client({
        endPoint: host,
        port,
        useSSL: false,
        accessKey: ACCESS_KEY,
        secretKey: SECRET_KEY,
      }),
      cpuMicros: () => readCpuMicros(child.pid),
      stop: () => child.kill(),
    }
  } catch (error) {
    await child.kill()
    throw error
  }
}
