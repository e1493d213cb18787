// The lifecycle scanner under load, same run (issue 14): a bucket of 100,000 objects (10,000
// with --quick) with a lifecycle rule that expires none of them, so every scan examines them
// all; then, in interleaved rounds, a 1 KiB PUT load (16 in flight, another bucket) alone and
// while one full scan runs (admin POST /silo/admin/v1/ilm/scan). Reported: the scan's objects
// examined per second, and the PUT load's p50 / p99 latency with and without the scan. Two
// servers over the same data, one after the other: the shipped pace (5,000 objects/s) and
// unpaced (SILO_ILM_OBJECTS_PER_SECOND=0: batches of 100 with the event loop handed back, no
// sleeping), the scanner's worst case for requests.
import { rmSync } from 'node:fs'
import os from 'node:os'
import { Sha256 } from '@aws-crypto/sha256-js'
import {
  CreateBucketCommand,
  PutBucketLifecycleConfigurationCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { SignatureV4 } from '@smithy/signature-v4'
import { forkChild } from '../lib/children.mjs'
import { describePath, isSiloServerBuilt, siloServerEntry } from '../lib/paths.mjs'
import { median } from '../lib/stats.mjs'
import { createTempFolder } from '../lib/temp-root.mjs'

const ACCESS_KEY = 'benchadmin'
const SECRET_KEY = 'benchadmin-secret'
const SERVER_CHILD = new URL('../lib/server-child.mjs', import.meta.url).pathname
const CONCURRENCY = 16
const BODY = Buffer.alloc(1024, 'l')
const SCANNED = 'bench-ilm-scanned'
const LOADED = 'bench-ilm-load'

const objectsOf = (quick) => Number(process.env.SILO_BENCH_ILM_OBJECTS || (quick ? 10_000 : 100_000))
// PUTs of the load alone, per round (the load during a scan runs as long as the scan).
const aloneOpsOf = (quick) => Number(process.env.SILO_BENCH_ILM_OPS || (quick ? 1000 : 3000))

const PACES = [
  { label: 'paced (default 5,000 objects/s)', rate: undefined },
  { label: 'unpaced (objects/s 0: yields only)', rate: '0' },
]

export default {
  name: 'lifecycle',
  title: 'Lifecycle scan: objects examined per second and PUT p99 with and without a scan',
  description:
    'One Silo server on a single drive: a bucket of 100,000 objects (10,000 with --quick) whose lifecycle rule expires none, scanned in full through the admin hook while a 1 KiB PUT load (16 in flight) runs into another bucket; the load alone in interleaved rounds. Objects examined per second, and the load p50/p99 alone and during the scan, at the default pace and unpaced.',
  async run(ctx) {
    if (!isSiloServerBuilt())
      throw new Error(`${describePath(siloServerEntry())} not built (run \`npm run build\`)`)
    const dir = createTempFolder(os.tmpdir(), 'silo-bench-lifecycle-')
    const objects = objectsOf(ctx.options.quick)
    const rows = []
    try {
      for (const [i, pace] of PACES.entries()) {
        const server = await startSilo(dir, pace.rate)
        try {
          if (i === 0) await fill(ctx, server, objects)
          rows.push(...(await measure(ctx, server, pace.label, objects)))
        } finally {
          await server.stop()
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    return {
      subtitle: `@aws-sdk/client-s3 in the bench process; the server in its own process on one drive; ${os.cpus().length} cores`,
      sections: [
        {
          heading: `Scan of ${objects.toLocaleString('en-US')} objects during a 1 KiB PUT load (${CONCURRENCY} in flight)`,
          columns: [
            { key: 'label', header: 'pace / load', align: 'left' },
            { key: 'examinedPerSec', header: 'examined/s', format: 'number' },
            { key: 'putPerSec', header: 'PUT/s', format: 'number' },
            { key: 'p50', header: 'PUT p50 ms', format: 'number' },
            { key: 'p99', header: 'PUT p99 ms', format: 'number' },
            { key: 'p99Ratio', header: 'p99 ÷ alone', format: 'ratio' },
          ],
          rows,
        },
      ],
      goals: [],
    }
  },
}

async function startSilo(dir, rate) {
  const saved = {
    interval: process.env.SILO_ILM_SCAN_INTERVAL_MS,
    rate: process.env.SILO_ILM_OBJECTS_PER_SECOND,
  }
  const set = (name, value) => {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  // No background scans: only the admin hook scans. The pace under test, read at start.
  set('SILO_ILM_SCAN_INTERVAL_MS', '0')
  set('SILO_ILM_OBJECTS_PER_SECOND', rate)
  const child = forkChild(SERVER_CHILD, { name: 'Silo server child' })
  set('SILO_ILM_SCAN_INTERVAL_MS', saved.interval)
  set('SILO_ILM_OBJECTS_PER_SECOND', saved.rate)
  try {
    const { host, port } = await child.request('start', {
      kind: 'silo',
      dir,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    })
    const endpoint = `http://${host}:${port}`
    const credentials = { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY }
    const aws = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials })
    const signer = new SignatureV4({ service: 's3', region: 'us-east-1', credentials, sha256: Sha256 })
    return {
      aws,
      async scan() {
        const request = await signer.sign({
          method: 'POST',
          protocol: 'http:',
          hostname: host,
          port,
          path: '/silo/admin/v1/ilm/scan',
          headers: { host: `${host}:${port}`, 'x-amz-content-sha256': await sha256Hex('') },
        })
        const answer = await fetch(`${endpoint}/silo/admin/v1/ilm/scan`, {
          method: 'POST',
          headers: request.headers,
        })
        if (answer.status !== 200) throw new Error(`scan answered ${answer.status}: ${await answer.text()}`)
        return answer.json()
      },
      async stop() {
        // A clean stop releases the drive for the next server over the same folder.
        await child.request('stop').catch(() => undefined)
        await child.kill()
      },
    }
  } catch (error) {
    await child.kill()
    throw error
  }
}

async function sha256Hex(text) {
  const hash = new Sha256()
  hash.update(text)
  return Buffer.from(await hash.digest()).toString('hex')
}

async function fill(ctx, server, objects) {
  await server.aws.send(new CreateBucketCommand({ Bucket: SCANNED }))
  await server.aws.send(new CreateBucketCommand({ Bucket: LOADED }))
  // A rule every scan walks the whole bucket for, and that expires nothing.
  await server.aws.send(
    new PutBucketLifecycleConfigurationCommand({
      Bucket: SCANNED,
      LifecycleConfiguration: {
        Rules: [{ ID: 'never', Status: 'Enabled', Filter: { Prefix: 'never/' }, Expiration: { Days: 1 } }],
      },
    }),
  )
  let next = 0
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < objects) {
        const n = next++
        await server.aws.send(
          new PutObjectCommand({
            Bucket: SCANNED,
            Key: `obj/${String(n).padStart(7, '0')}`,
            Body: BODY.subarray(0, 16),
          }),
        )
      }
    }),
  )
  ctx.log(`  wrote ${objects} objects`)
}

/** PUTs with CONCURRENCY in flight until `done()`, or `count` of them; returns latencies (ms). */
async function putLoad(server, { count, done }) {
  const latencies = []
  let n = 0
  const start = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (count !== undefined ? n < count : !done()) {
        const key = `load/${n++ % 1000}`
        const t = performance.now()
        await server.aws.send(new PutObjectCommand({ Bucket: LOADED, Key: key, Body: BODY }))
        latencies.push(performance.now() - t)
      }
    }),
  )
  return { latencies, seconds: (performance.now() - start) / 1000 }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

async function measure(ctx, server, label, objects) {
  const alone = { p50: [], p99: [], rate: [] }
  const during = { p50: [], p99: [], rate: [], examined: [] }
  const rounds = Math.max(1, Math.min(3, ctx.options.rounds))
  for (let round = 0; round < rounds; round++) {
    const base = await putLoad(server, { count: aloneOpsOf(ctx.options.quick) })
    alone.p50.push(percentile(base.latencies, 50))
    alone.p99.push(percentile(base.latencies, 99))
    alone.rate.push(base.latencies.length / base.seconds)
    let finished = false
    const started = performance.now()
    const scan = server.scan().finally(() => {
      finished = true
    })
    const load = await putLoad(server, { done: () => finished })
    const counts = await scan
    const scanSeconds = (performance.now() - started) / 1000
    if (counts.examined < objects) throw new Error(`the scan examined ${counts.examined} of ${objects}`)
    during.examined.push(counts.examined / scanSeconds)
    during.p50.push(percentile(load.latencies, 50))
    during.p99.push(percentile(load.latencies, 99))
    during.rate.push(load.latencies.length / load.seconds)
    ctx.log(
      `  ${label} round ${round + 1}: scan ${(counts.examined / scanSeconds).toFixed(0)} objects/s (${counts.batches} batches, ${counts.sleeps} sleeps); PUT p99 ${alone.p99.at(-1).toFixed(1)} ms alone, ${during.p99.at(-1).toFixed(1)} ms during`,
    )
  }
  const p99Alone = median(alone.p99)
  return [
    {
      label: `${label}: PUT load alone`,
      putPerSec: median(alone.rate),
      p50: median(alone.p50),
      p99: p99Alone,
      p99Ratio: 1,
    },
    {
      label: `${label}: PUT load during scan`,
      examinedPerSec: median(during.examined),
      putPerSec: median(during.rate),
      p50: median(during.p50),
      p99: median(during.p99),
      p99Ratio: median(during.p99) / p99Alone,
    },
  ]
}
