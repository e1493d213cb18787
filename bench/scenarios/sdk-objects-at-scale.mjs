// Objects at scale, SDKs compared: (1) upload a 1 GiB stream of unknown length (multipart) made
// of fresh 64 KiB buffers, throughput and peak RSS of each uploading process; (2) download 1 GiB,
// next to the same bytes from a bare node:http server (the loopback ceiling); (3) listObjectsV2
// recursive over 100,000 keys, keys/s; (4) removeObjects of 10,000 keys, seconds. Each SDK runs in a fresh child process (this file, forked with a task in
// SILO_OBJECTS_TASK), so one SDK's buffers never count against another's peak RSS.
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { checkRatioGoal } from '../lib/goals.mjs'
import { createLoadTracker } from '../lib/load.mjs'
import { median, spread } from '../lib/stats.mjs'

const MiB = 1024 * 1024
// Sizes from the environment, read when used: with --quick the parent sets smaller ones before
// it forks the task children, which inherit them.
const uploadMib = () => Number(process.env.SILO_BENCH_UPLOAD_MIB || 1024)
const listKeys = () => Number(process.env.SILO_BENCH_LIST_KEYS || 100_000)
const removeKeys = () => Number(process.env.SILO_BENCH_REMOVE_KEYS || 10_000)
const QUICK_SIZES = {
  SILO_BENCH_UPLOAD_MIB: '128',
  SILO_BENCH_LIST_KEYS: '10000',
  SILO_BENCH_REMOVE_KEYS: '1000',
}
const SDK_LABELS = {
  silo: 'Silo SDK',
  minio: 'minio-js',
  aws: '@aws-sdk/lib-storage + client-s3',
  http: 'loopback ceiling: node:http GET of a bare node:http server',
}
// Issue 18's goals.
const UPLOAD_GOAL_MIB_S = 250
const UPLOAD_RSS_GOAL = 128 * 1024 * 1024
const DOWNLOAD_CEILING_GOAL = 0.5
const LIST_GOAL_KEYS_S = 100_000
const CHUNK = 64 * 1024
const BUCKET = 'bench-at-scale'

export default {
  name: 'sdk-objects-at-scale',
  title: 'Objects at scale: SDKs compared',
  description:
    "Upload a 1 GiB stream of unknown length made of fresh 64 KiB buffers (Silo putObject, minio-js putObject, @aws-sdk/lib-storage Upload; each library's default part size and concurrency); download 1 GiB (each SDK, and node:http from a bare node:http server streaming the same number of bytes: the loopback ceiling, same rounds); listObjectsV2 recursive over 100,000 keys; removeObjects of 10,000; every run in a fresh child process, rounds interleaved. With --quick: 128 MiB, 10,000 and 1,000.",
  async run(ctx) {
    if (ctx.options.quick) {
      for (const [name, value] of Object.entries(QUICK_SIZES)) process.env[name] ??= value
    }
    const { server, note } = await ctx.sdkServer()
    const loopback = await ctx.server('loopback')
    await runTask({ kind: 'prepare', server, count: listKeys() })
    const uploads = await measure(ctx, server, 'upload', ['silo', 'minio', 'aws'])
    const downloads = await measure(ctx, server, 'download', ['silo', 'minio', 'aws', 'http'], loopback)
    const listings = await measure(ctx, server, 'list', ['silo', 'minio', 'aws'])
    const removals = await measure(ctx, server, 'remove', ['silo', 'minio', 'aws'])
    const uploadRows = uploads.map(({ sdk, results, error }) => ({
      label: SDK_LABELS[sdk],
      error,
      mibPerSec: median(results.map((r) => uploadMib() / r.seconds)),
      opsSpread: spread(results.map((r) => 1 / r.seconds)),
      clientRss: Math.max(...results.map((r) => r.maxRss)),
      parts: results[0]?.parts,
    }))
    const listRows = listings.map(({ sdk, results, error }) => ({
      label: SDK_LABELS[sdk],
      error,
      keysPerSec: median(results.map((r) => r.keys / r.seconds)),
      opsSpread: spread(results.map((r) => r.keys / r.seconds)),
      clientRss: Math.max(...results.map((r) => r.maxRss)),
    }))
    const downloadRows = downloads.map(({ sdk, results, error }) => ({
      label: SDK_LABELS[sdk].replace('@aws-sdk/lib-storage + client-s3', '@aws-sdk/client-s3'),
      error,
      mibPerSec: median(results.map((r) => uploadMib() / r.seconds)),
      opsSpread: spread(results.map((r) => 1 / r.seconds)),
      clientRss: Math.max(...results.map((r) => r.maxRss)),
    }))
    const removeRows = removals.map(({ sdk, results, error }) => ({
      label: SDK_LABELS[sdk].replace(
        '@aws-sdk/lib-storage + client-s3',
        '@aws-sdk/client-s3 (DeleteObjects ×1000)',
      ),
      error,
      seconds: median(results.map((r) => r.seconds)),
      opsSpread: spread(results.map((r) => r.seconds)),
    }))
    const goals = objectsGoals(uploadRows, downloadRows, listRows)
    return {
      subtitle: `against ${server.label}${note}`,
      sections: [
        {
          heading: `Upload ${uploadMib()} MiB, stream of unknown length`,
          columns: [
            { key: 'label', header: 'SDK', align: 'left' },
            { key: 'mibPerSec', header: 'MiB/s', format: 'number' },
            { key: 'opsSpread', header: 'spread', format: 'percent' },
            { key: 'clientRss', header: 'client peak RSS MiB', format: 'mib' },
            { key: 'parts', header: 'onProgress calls', format: 'count' },
          ],
          rows: uploadRows,
          load: uploads.load,
          goals: goals.slice(0, 1),
        },
        {
          heading: `Download ${uploadMib()} MiB (getObject read to the end), against the loopback ceiling`,
          columns: [
            { key: 'label', header: 'SDK', align: 'left' },
            { key: 'mibPerSec', header: 'MiB/s', format: 'number' },
            { key: 'opsSpread', header: 'spread', format: 'percent' },
            { key: 'clientRss', header: 'client peak RSS MiB', format: 'mib' },
          ],
          rows: downloadRows,
          load: downloads.load,
          goals: goals.slice(1, 2),
        },
        {
          heading: `removeObjects of ${removeKeys().toLocaleString('en-US')} keys`,
          columns: [
            { key: 'label', header: 'SDK', align: 'left' },
            { key: 'seconds', header: 'seconds', format: 'number' },
            { key: 'opsSpread', header: 'spread', format: 'percent' },
          ],
          rows: removeRows,
          load: removals.load,
        },
        {
          heading: `listObjectsV2 recursive, ${listKeys().toLocaleString('en-US')} keys`,
          columns: [
            { key: 'label', header: 'SDK', align: 'left' },
            { key: 'keysPerSec', header: 'keys/s', format: 'count' },
            { key: 'opsSpread', header: 'spread', format: 'percent' },
            { key: 'clientRss', header: 'client peak RSS MiB', format: 'mib' },
          ],
          rows: listRows,
          load: listings.load,
          goals: goals.slice(2),
        },
      ],
      goals,
    }
  },
}

// Issue 18's goals: the Silo upload at ≥ 250 MiB/s under 128 MiB of peak RSS; the download at
// half the loopback ceiling or more; the listing at 100,000 keys/s or more end to end.
function objectsGoals(uploadRows, downloadRows, listRows) {
  const [silo, ...peers] = uploadRows
  const fastest = Math.max(...peers.filter((r) => !r.error).map((r) => r.mibPerSec))
  const download = downloadRows[0]
  const ceiling = downloadRows.at(-1)
  const list = listRows[0]
  const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`
  return [
    {
      goal: `Silo SDK 1 GiB unknown-length upload (fresh 64 KiB buffers) ≥ ${UPLOAD_GOAL_MIB_S} MiB/s at ≤ 128 MiB peak RSS`,
      where: 'sdk-objects-at-scale',
      measured:
        silo.error ??
        `${silo.mibPerSec.toFixed(1)} MiB/s at ${mib(silo.clientRss)} (peers ≤ ${fastest.toFixed(1)} MiB/s)`,
      met: silo.error ? null : silo.clientRss <= UPLOAD_RSS_GOAL && silo.mibPerSec >= UPLOAD_GOAL_MIB_S,
    },
    checkRatioGoal({
      goal: `Silo SDK 1 GiB download ≥ ${DOWNLOAD_CEILING_GOAL}× the loopback ceiling`,
      where: 'sdk-objects-at-scale',
      ratio: download.error || ceiling.error ? Number.NaN : download.mibPerSec / ceiling.mibPerSec,
      target: DOWNLOAD_CEILING_GOAL,
      detail:
        download.error ??
        ceiling.error ??
        `${download.mibPerSec.toFixed(0)} of ${ceiling.mibPerSec.toFixed(0)} MiB/s`,
    }),
    {
      goal: `Silo SDK listObjectsV2 recursive over 100k keys ≥ ${LIST_GOAL_KEYS_S.toLocaleString('en-US')} keys/s`,
      where: 'sdk-objects-at-scale',
      measured: list.error ?? `${Math.round(list.keysPerSec).toLocaleString('en-US')} keys/s`,
      met: list.error ? null : list.keysPerSec >= LIST_GOAL_KEYS_S,
    },
  ]
}

// Rounds interleave the SDKs, as the other scenarios do; uploads are long, so fewer rounds, and
// a round beside a burst of other work is repeated at most once. Returns one entry per SDK, with
// the kept rounds' load summary as `.load`. `loopback` serves the 'http' download.
async function measure(ctx, server, kind, sdks, loopback) {
  const long = kind !== 'list'
  const rounds = long ? Math.min(3, ctx.options.rounds) : ctx.options.rounds
  const out = sdks.map((sdk) => ({ sdk, results: [], error: undefined }))
  const tracker = createLoadTracker({ retries: long ? 1 : 2, budget: long ? 1 : 4, log: ctx.log })
  for (let round = 0; round < rounds; round++) {
    const results = await tracker.round(async () => {
      const values = new Map()
      for (const entry of out) {
        if (entry.error) continue
        try {
          const target = entry.sdk === 'http' ? loopback : server
          values.set(entry, await runTask({ kind, sdk: entry.sdk, server: target, round }))
          ctx.log(`  ${kind} ${entry.sdk} round ${round + 1}: ${JSON.stringify(values.get(entry))}`)
        } catch (error) {
          entry.error = error.message
        }
      }
      return values
    })
    for (const [entry, value] of results) entry.results.push(value)
  }
  out.load = tracker.summary()
  return out
}

function runTask(task) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, SILO_OBJECTS_TASK: JSON.stringify(task) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let result
    child.on('message', (message) => {
      result = message
    })
    child.on('exit', (code) => {
      if (result?.ok) resolve(result.value)
      else reject(new Error(result?.error ?? `child exited with code ${code}`))
    })
  })
}

// ---- child side ----

const require = createRequire(import.meta.url)

async function siloClient(server) {
  const { siloSdkEntry } = await import('../lib/paths.mjs')
  const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
  return new Client({ endPoint: server.host, port: server.port, useSSL: false, ...keys(server) })
}
const keys = (s) => ({ accessKey: s.accessKey, secretKey: s.secretKey, region: s.region })
function minioClient(server) {
  const Minio = require('minio')
  return new Minio.Client({ endPoint: server.host, port: server.port, useSSL: false, ...keys(server) })
}
function awsClient(server) {
  const { S3Client } = require('@aws-sdk/client-s3')
  return new S3Client({
    endpoint: `http://${server.host}:${server.port}`,
    region: server.region,
    credentials: { accessKeyId: server.accessKey, secretAccessKey: server.secretKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/**
 * `total` bytes in chunks of `chunkSize`, each a fresh buffer (as a socket or file stream hands
 * them over; issue 18: a reused buffer hid the upload's memory growth): no size property, so
 * "unknown length".
 */
function unknownLengthStream(total, chunkSize = CHUNK) {
  let sent = 0
  return new Readable({
    read() {
      if (sent >= total) return this.push(null)
      const size = Math.min(chunkSize, total - sent)
      sent += size
      this.push(Buffer.alloc(size, 0x5a))
    },
  })
}

const TASKS = {
  async prepare({ server, count }) {
    const client = await siloClient(server)
    if (!(await client.bucketExists(BUCKET))) await client.makeBucket(BUCKET)
    let next = 0
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = next++; i < count; i = next++) {
          await client.putObject(BUCKET, `list/${String(i).padStart(7, '0')}`, 'x')
        }
      }),
    )
    return { keys: count }
  },
  async upload({ sdk, server, round }) {
    const key = `upload/${sdk}-${round}`
    const body = unknownLengthStream(uploadMib() * MiB)
    const start = performance.now()
    let parts
    if (sdk === 'silo') {
      const client = await siloClient(server)
      let confirmed = 0
      await client.putObject(BUCKET, key, body, undefined, {}, { onProgress: () => confirmed++ })
      parts = confirmed
      await client.removeObject(BUCKET, key)
    } else if (sdk === 'minio') {
      const client = minioClient(server)
      await client.putObject(BUCKET, key, body)
      await client.removeObject(BUCKET, key)
    } else {
      const { Upload } = require('@aws-sdk/lib-storage')
      const { DeleteObjectCommand } = require('@aws-sdk/client-s3')
      const client = awsClient(server)
      await new Upload({ client, params: { Bucket: BUCKET, Key: key, Body: body } }).done()
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }))
    }
    const seconds = (performance.now() - start) / 1000
    return { seconds, maxRss: process.resourceUsage().maxRSS * 1024, parts }
  },
  async download({ sdk, server, round }) {
    if (sdk === 'http') return downloadBare(server, round)
    // One object of uploadMib(), written once by the Silo SDK and read back by each SDK.
    const key = 'download/source'
    const silo = await siloClient(server)
    const exists = await silo.statObject(BUCKET, key).then(
      (stat) => stat.size === uploadMib() * MiB,
      () => false,
    )
    if (!exists) await silo.putObject(BUCKET, key, unknownLengthStream(uploadMib() * MiB, MiB))
    const start = performance.now()
    let bytes = 0
    let body
    if (sdk === 'silo') body = await silo.getObject(BUCKET, key)
    else if (sdk === 'minio') body = await minioClient(server).getObject(BUCKET, key)
    else {
      const { GetObjectCommand } = require('@aws-sdk/client-s3')
      body = (await awsClient(server).send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body
    }
    for await (const chunk of body) bytes += chunk.length
    if (bytes !== uploadMib() * MiB) throw new Error(`downloaded ${bytes} bytes in round ${round}`)
    return { seconds: (performance.now() - start) / 1000, maxRss: process.resourceUsage().maxRSS * 1024 }
  },
  async remove({ sdk, server, round }) {
    // Each SDK removes removeKeys() fresh keys (written untimed by the Silo SDK first).
    const silo = await siloClient(server)
    const names = Array.from(
      { length: removeKeys() },
      (_, i) => `remove/${sdk}-${round}/${String(i).padStart(6, '0')}`,
    )
    let next = 0
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (let i = next++; i < names.length; i = next++) await silo.putObject(BUCKET, names[i], 'x')
      }),
    )
    const start = performance.now()
    if (sdk === 'silo') {
      const failures = await silo.removeObjects(BUCKET, names)
      if (failures.length > 0) throw new Error(`${failures.length} keys not removed`)
    } else if (sdk === 'minio') {
      await minioClient(server).removeObjects(BUCKET, names)
    } else {
      const { DeleteObjectsCommand } = require('@aws-sdk/client-s3')
      const client = awsClient(server)
      for (let i = 0; i < names.length; i += 1000) {
        const Objects = names.slice(i, i + 1000).map((Key) => ({ Key }))
        await client.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects, Quiet: true } }))
      }
    }
    const seconds = (performance.now() - start) / 1000
    let left = 0
    for await (const _ of silo.listObjectsV2(BUCKET, `remove/${sdk}-${round}/`, true)) left++
    if (left > 0) throw new Error(`${left} keys still listed after removeObjects`)
    return { seconds }
  },
  async list({ sdk, server }) {
    let keys = 0
    const start = performance.now()
    if (sdk === 'silo') {
      for await (const _ of (await siloClient(server)).listObjectsV2(BUCKET, 'list/', true)) keys++
    } else if (sdk === 'minio') {
      for await (const _ of minioClient(server).listObjectsV2(BUCKET, 'list/', true)) keys++
    } else {
      const { ListObjectsV2Command } = require('@aws-sdk/client-s3')
      const client = awsClient(server)
      let token
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'list/', ContinuationToken: token }),
        )
        keys += page.Contents?.length ?? 0
        token = page.NextContinuationToken
      } while (token)
    }
    return {
      keys,
      seconds: (performance.now() - start) / 1000,
      maxRss: process.resourceUsage().maxRSS * 1024,
    }
  },
}

/** The loopback ceiling: uploadMib() from the bench's node:http reference server (loopback-server.mjs). */
async function downloadBare(server, round) {
  const http = await import('node:http')
  const start = performance.now()
  const body = await new Promise((resolve, reject) => {
    http
      .get({ host: server.host, port: server.port, path: `/bytes/${uploadMib() * MiB}` }, resolve)
      .on('error', reject)
  })
  let bytes = 0
  for await (const chunk of body) bytes += chunk.length
  if (bytes !== uploadMib() * MiB) throw new Error(`downloaded ${bytes} bytes in round ${round}`)
  return { seconds: (performance.now() - start) / 1000, maxRss: process.resourceUsage().maxRSS * 1024 }
}

if (process.env.SILO_OBJECTS_TASK && process.send) {
  const task = JSON.parse(process.env.SILO_OBJECTS_TASK)
  TASKS[task.kind](task).then(
    (value) => process.send({ ok: true, value }, () => process.exit(0)),
    (error) => process.send({ ok: false, error: String(error?.stack ?? error) }, () => process.exit(1)),
  )
}
