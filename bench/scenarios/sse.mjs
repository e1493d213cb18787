// SSE-S3 against plaintext on the same Silo server, same run: PUT and GET of one big object
// (1 GiB; 128 MiB with --quick) through the Silo SDK, once with `x-amz-server-side-encryption:
// AES256` and once without, in interleaved rounds, with the ratio encrypted ÷ plaintext and the
// issue's goal (≥ 0.7×). The server runs from dist/ in its own process, so its CPU is its own.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { patternStream, transferColumns, transferRows } from '../lib/big-transfers.mjs'
import { forkChild } from '../lib/children.mjs'
import {
  describePath,
  isSiloSdkBuilt,
  isSiloServerBuilt,
  siloSdkEntry,
  siloServerEntry,
} from '../lib/paths.mjs'
import { readCpuMicros } from '../lib/proc.mjs'
import { createTempFolder } from '../lib/temp-root.mjs'

const MiB = 1024 * 1024
const BUCKET = 'bench-sse'
const ACCESS_KEY = 'benchadmin'
const SECRET_KEY = 'benchadmin-secret'
const SERVER_CHILD = new URL('../lib/server-child.mjs', import.meta.url).pathname
const RATIO_GOAL = 0.7

const objectMiBOf = (quick) => Number(process.env.SILO_BENCH_SSE_MIB || (quick ? 128 : 1024))

const MODES = [
  { label: 'Plaintext', metaData: {}, baseline: true },
  { label: 'SSE-S3 (AES256)', metaData: { 'X-Amz-Server-Side-Encryption': 'AES256' } },
]

export default {
  name: 'sse',
  title: 'Server-side encryption: SSE-S3 against plaintext',
  description:
    'PUT and GET of one big object (1 GiB; 128 MiB with --quick) through the Silo SDK against one Silo server on a single drive, written with x-amz-server-side-encryption: AES256 and without, interleaved rounds on the same server in the same run; the ratio SSE-S3 ÷ plaintext is the goal (≥ 0.7×).',
  async run(ctx) {
    const objectMiB = objectMiBOf(ctx.options.quick)
    if (!isSiloServerBuilt() || !isSiloSdkBuilt()) {
      const missing = `${describePath(isSiloServerBuilt() ? siloSdkEntry() : siloServerEntry())} not built (run \`npm run build\`)`
      throw new Error(missing)
    }
    const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
    const dir = createTempFolder(os.tmpdir(), 'silo-bench-sse-')
    const server = await startSilo(dir, Client)
    try {
      await server.client.makeBucket(BUCKET)
      const rows = await measure(ctx, server, objectMiB)
      const sse = rows.find((r) => !r.baseline)
      const goal = (what, ratio) => ({
        goal: `SSE-S3 ${what} ≥ ${RATIO_GOAL}× plaintext`,
        where: `${what} of ${objectMiB} MiB`,
        measured: Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'not measured',
        met: Number.isFinite(ratio) ? ratio >= RATIO_GOAL : null,
      })
      return {
        subtitle: `Silo SDK in the bench process; the server in its own process on one drive; ${os.cpus().length} cores`,
        sections: [
          {
            heading: `PUT and GET of ${objectMiB.toLocaleString('en-US')} MiB, SSE-S3 and plaintext`,
            columns: transferColumns('object', 'plaintext'),
            rows,
          },
        ],
        goals: [goal('PUT', sse?.putRatio), goal('GET', sse?.getRatio)],
      }
    } finally {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  },
}

async function startSilo(dir, Client) {
  const child = forkChild(SERVER_CHILD, { name: 'Silo server child' })
  try {
    const kmsSecretKey = `bench-key:${randomBytes(32).toString('base64')}`
    const { host, port } = await child.request('start', {
      kind: 'silo',
      dir,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
      kmsSecretKey,
    })
    const options = { endPoint: host, port, useSSL: false, accessKey: ACCESS_KEY, secretKey: SECRET_KEY }
    return {
      client: new Client(options),
      cpuMicros: () => readCpuMicros(child.pid),
      stop: () => child.kill(),
    }
  } catch (error) {
    await child.kill()
    throw error
  }
}

// Rounds alternate plaintext and SSE-S3 on the same server; a 1 GiB transfer is long, so at
// most 3 rounds. Each object is read to its end and removed before the next one is written.
async function measure(ctx, server, objectMiB) {
  const rounds = Math.min(3, ctx.options.rounds)
  const bytes = objectMiB * MiB
  const samples = MODES.map(() => ({ put: [], get: [], putCpu: [], getCpu: [] }))
  for (let round = 0; round < rounds; round++) {
    for (const [i, { label, metaData }] of MODES.entries()) {
      const key = `big/${i}-round-${round}`
      let cpu = server.cpuMicros()
      let start = performance.now()
      await server.client.putObject(BUCKET, key, patternStream(bytes), bytes, metaData)
      const putSeconds = (performance.now() - start) / 1000
      samples[i].putCpu.push((server.cpuMicros() - cpu) / 1e6)
      const stat = await server.client.statObject(BUCKET, key)
      const encrypted = stat.metaData['x-amz-server-side-encryption'] === 'AES256'
      if (encrypted !== (i === 1))
        throw new Error(`${label}: the object is ${encrypted ? '' : 'not '}encrypted`)
      cpu = server.cpuMicros()
      start = performance.now()
      let read = 0
      for await (const chunk of await server.client.getObject(BUCKET, key)) read += chunk.length
      const getSeconds = (performance.now() - start) / 1000
      samples[i].getCpu.push((server.cpuMicros() - cpu) / 1e6)
      if (read !== bytes) throw new Error(`${label}: GET returned ${read} bytes of ${bytes}`)
      await server.client.removeObject(BUCKET, key)
      samples[i].put.push(objectMiB / putSeconds)
      samples[i].get.push(objectMiB / getSeconds)
      ctx.log(
        `  ${label} round ${round + 1}: PUT ${(objectMiB / putSeconds).toFixed(1)} MiB/s, GET ${(objectMiB / getSeconds).toFixed(1)} MiB/s`,
      )
    }
  }
  return transferRows(MODES, samples).map((row, i) => ({ ...row, baseline: MODES[i].baseline === true }))
}
