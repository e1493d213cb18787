// Versioning's cost on the same Silo server, same run (issue 14):
// 1. PUT and GET of 1 KiB objects into a versioned and an unversioned bucket, interleaved rounds,
//    with the ratio versioned ÷ unversioned and the goal (≥ 0.9×).
// 2. ListObjectVersions over 100,000 versions (10,000 with --quick: half the keys have two
//    versions each) against ListObjectsV2 over the same keys, in keys (entries) per second, with
//    the goal (within 2×: versions/s ≥ 0.5 × keys/s).
// The server runs from dist/ in its own process; clients are the Silo SDK (PUT/GET) and
// @aws-sdk/client-s3 (the versioning configuration and both listings, 1,000 entries a page).
import { rmSync } from 'node:fs'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import {
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { forkChild } from '../lib/children.mjs'
import {
  describePath,
  isSiloSdkBuilt,
  isSiloServerBuilt,
  siloSdkEntry,
  siloServerEntry,
} from '../lib/paths.mjs'
import { median, spread } from '../lib/stats.mjs'
import { createTempFolder } from '../lib/temp-root.mjs'

const ACCESS_KEY = 'benchadmin'
const SECRET_KEY = 'benchadmin-secret'
const SERVER_CHILD = new URL('../lib/server-child.mjs', import.meta.url).pathname
const PUT_GET_GOAL = 0.9
const LIST_GOAL = 0.5
const CONCURRENCY = 16
const BODY = Buffer.alloc(1024, 'v')

const opsOf = (quick) => Number(process.env.SILO_BENCH_VERSIONING_OPS || (quick ? 500 : 2000))
const versionsOf = (quick) => Number(process.env.SILO_BENCH_VERSIONING_VERSIONS || (quick ? 10_000 : 100_000))

const BUCKETS = [
  { label: 'Unversioned', bucket: 'bench-plain', baseline: true },
  { label: 'Versioning Enabled', bucket: 'bench-versioned' },
]

export default {
  name: 'versioning',
  title: 'Versioning: 1 KiB PUT/GET and ListObjectVersions against unversioned',
  description:
    'PUT and GET of 1 KiB objects (16 in flight) into a versioned and an unversioned bucket of one Silo server on a single drive, interleaved rounds in the same run (goal ≥ 0.9×); then ListObjectVersions over 100,000 versions (10,000 with --quick) against ListObjectsV2 over the same keys, entries per second (goal: within 2×).',
  async run(ctx) {
    if (!isSiloServerBuilt() || !isSiloSdkBuilt()) {
      const missing = `${describePath(isSiloServerBuilt() ? siloSdkEntry() : siloServerEntry())} not built (run \`npm run build\`)`
      throw new Error(missing)
    }
    const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
    const dir = createTempFolder(os.tmpdir(), 'silo-bench-versioning-')
    const server = await startSilo(dir, Client)
    try {
      for (const { bucket, baseline } of BUCKETS) {
        await server.client.makeBucket(bucket)
        if (!baseline) await enableVersioning(server.aws, bucket)
      }
      const rows = await measurePutGet(ctx, server, opsOf(ctx.options.quick))
      const versioned = rows.find((r) => !r.baseline)
      const listing = await measureListing(ctx, server, versionsOf(ctx.options.quick))
      const listRatio = listing.versionsPerSec / listing.keysPerSec
      const goal = (what, ratio, target, where) => ({
        goal: what,
        where,
        measured: Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'not measured',
        met: Number.isFinite(ratio) ? ratio >= target : null,
      })
      return {
        subtitle: `Silo SDK and @aws-sdk/client-s3 in the bench process; the server in its own process on one drive; ${os.cpus().length} cores`,
        sections: [
          {
            heading: `PUT and GET of 1 KiB, ${CONCURRENCY} in flight, versioned and unversioned buckets`,
            columns: [
              { key: 'label', header: 'bucket', align: 'left' },
              { key: 'putPerSec', header: 'PUT/s', format: 'number' },
              { key: 'putSpread', header: 'spread', format: 'percent' },
              { key: 'putRatio', header: 'PUT ÷ unversioned', format: 'ratio' },
              { key: 'getPerSec', header: 'GET/s', format: 'number' },
              { key: 'getSpread', header: 'spread', format: 'percent' },
              { key: 'getRatio', header: 'GET ÷ unversioned', format: 'ratio' },
            ],
            rows,
          },
          {
            heading: `Listing ${listing.versions.toLocaleString('en-US')} versions of ${listing.keys.toLocaleString('en-US')} keys`,
            columns: [
              { key: 'label', header: 'listing', align: 'left' },
              { key: 'entries', header: 'entries', format: 'number' },
              { key: 'perSec', header: 'entries/s', format: 'number' },
              { key: 'spread', header: 'spread', format: 'percent' },
            ],
            rows: [
              {
                label: 'ListObjectsV2 (keys)',
                entries: listing.keys,
                perSec: listing.keysPerSec,
                spread: listing.keysSpread,
              },
              {
                label: 'ListObjectVersions (versions)',
                entries: listing.versions,
                perSec: listing.versionsPerSec,
                spread: listing.versionsSpread,
              },
            ],
          },
        ],
        goals: [
          goal(
            `versioned PUT ≥ ${PUT_GET_GOAL}× unversioned`,
            versioned?.putRatio,
            PUT_GET_GOAL,
            '1 KiB PUT',
          ),
          goal(
            `versioned GET ≥ ${PUT_GET_GOAL}× unversioned`,
            versioned?.getRatio,
            PUT_GET_GOAL,
            '1 KiB GET',
          ),
          goal(
            'ListObjectVersions within 2× of ListObjectsV2',
            listRatio,
            LIST_GOAL,
            `versions/s ÷ keys/s over ${listing.versions.toLocaleString('en-US')} versions`,
          ),
        ],
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
    const { host, port } = await child.request('start', {
      kind: 'silo',
      dir,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    })
    const options = { endPoint: host, port, useSSL: false, accessKey: ACCESS_KEY, secretKey: SECRET_KEY }
    const aws = new S3Client({
      endpoint: `http://${host}:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    })
    return { client: new Client(options), aws, stop: () => child.kill() }
  } catch (error) {
    await child.kill()
    throw error
  }
}

async function enableVersioning(aws, bucket) {
  await aws.send(
    new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
  )
}

/** Runs `work(i)` for i in [0, count) with CONCURRENCY in flight; returns the seconds taken. */
async function timed(count, work) {
  let next = 0
  const start = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++)
    }),
  )
  return (performance.now() - start) / 1000
}

// Rounds alternate the buckets; each round PUTs `ops` new keys (a versioned bucket's keys get a
// second version in later rounds, as the keys repeat) and GETs them back.
async function measurePutGet(ctx, server, ops) {
  const samples = BUCKETS.map(() => ({ put: [], get: [] }))
  for (let round = 0; round < ctx.options.rounds; round++) {
    for (const [i, { label, bucket }] of BUCKETS.entries()) {
      const putSeconds = await timed(ops, (n) => server.client.putObject(bucket, `k/${n}`, BODY, BODY.length))
      const getSeconds = await timed(ops, async (n) => {
        const stream = await server.client.getObject(bucket, `k/${n}`)
        let read = 0
        for await (const chunk of stream) read += chunk.length
        if (read !== BODY.length) throw new Error(`${label}: GET returned ${read} bytes`)
      })
      samples[i].put.push(ops / putSeconds)
      samples[i].get.push(ops / getSeconds)
      ctx.log(
        `  ${label} round ${round + 1}: PUT ${(ops / putSeconds).toFixed(0)}/s, GET ${(ops / getSeconds).toFixed(0)}/s`,
      )
    }
  }
  const base = samples[BUCKETS.findIndex((b) => b.baseline)]
  return BUCKETS.map(({ label, baseline }, i) => ({
    label,
    baseline: baseline === true,
    putPerSec: median(samples[i].put),
    putSpread: spread(samples[i].put),
    putRatio: median(samples[i].put) / median(base.put),
    getPerSec: median(samples[i].get),
    getSpread: spread(samples[i].get),
    getRatio: median(samples[i].get) / median(base.get),
  }))
}

// `versions` versions over versions/2 keys (two each) in a fresh versioned bucket; then, in
// interleaved rounds, every page of ListObjectsV2 and of ListObjectVersions.
async function measureListing(ctx, server, versions) {
  const bucket = 'bench-list-versions'
  await server.client.makeBucket(bucket)
  await enableVersioning(server.aws, bucket)
  const keys = Math.floor(versions / 2)
  const name = (n) => `obj/${String(n).padStart(7, '0')}`
  await timed(keys * 2, (n) => server.client.putObject(bucket, name(n % keys), BODY.subarray(0, 16), 16))
  ctx.log(`  wrote ${versions} versions of ${keys} keys`)
  const keyRates = []
  const versionRates = []
  for (let round = 0; round < Math.min(3, ctx.options.rounds); round++) {
    let start = performance.now()
    let listedKeys = 0
    let token
    do {
      const page = await server.aws.send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
      )
      listedKeys += page.Contents?.length ?? 0
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    keyRates.push(listedKeys / ((performance.now() - start) / 1000))
    if (listedKeys !== keys) throw new Error(`ListObjectsV2 listed ${listedKeys} keys of ${keys}`)
    start = performance.now()
    let listedVersions = 0
    let keyMarker
    let versionIdMarker
    do {
      const page = await server.aws.send(
        new ListObjectVersionsCommand({
          Bucket: bucket,
          KeyMarker: keyMarker,
          VersionIdMarker: versionIdMarker,
        }),
      )
      listedVersions += (page.Versions?.length ?? 0) + (page.DeleteMarkers?.length ?? 0)
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
      versionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined
    } while (keyMarker !== undefined)
    versionRates.push(listedVersions / ((performance.now() - start) / 1000))
    if (listedVersions !== keys * 2)
      throw new Error(`ListObjectVersions listed ${listedVersions} of ${keys * 2}`)
    ctx.log(
      `  listing round ${round + 1}: ListObjectsV2 ${keyRates.at(-1).toFixed(0)} keys/s, ListObjectVersions ${versionRates.at(-1).toFixed(0)} versions/s`,
    )
  }
  return {
    keys,
    versions: keys * 2,
    keysPerSec: median(keyRates),
    keysSpread: spread(keyRates),
    versionsPerSec: median(versionRates),
    versionsSpread: spread(versionRates),
  }
}
