// The erasure-coded backend against the single-drive one, both Silo servers from dist/ in their own
// child processes with every drive on this same disk (so the numbers are the engine's overhead, not
// more spindles): (1) PUT and GET of one big object through the Silo SDK, MiB/s and the ratio
// erasure / single; (2) heal time for many 1 KiB objects after wiping one of 8 drives.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { measureBigTransfers, transferColumns } from '../lib/big-transfers.mjs'
import { forkChild } from '../lib/children.mjs'
import { serverColumns } from '../lib/columns.mjs'
import { checkRatioGoal, goalRow } from '../lib/goals.mjs'
import {
  describePath,
  isSiloSdkBuilt,
  isSiloServerBuilt,
  siloNodeFlags,
  siloSdkEntry,
  siloServerEntry,
} from '../lib/paths.mjs'
import { readCpuMicros, readRss } from '../lib/proc.mjs'
import { measureSection } from '../lib/section.mjs'
import { createTempFolder } from '../lib/temp-root.mjs'

const DRIVES = 8
const BUCKET = 'bench-erasure'
const ACCESS_KEY = 'benchadmin'
const SECRET_KEY = 'benchadmin-secret'
const SERVER_CHILD = new URL('../lib/server-child.mjs', import.meta.url).pathname
// The server re-checks drive health at most this often (SILO_DRIVE_CHECK_MS, default 1000 ms);
// a heal started sooner after a wipe could still see the drive as it was.
const DRIVE_CHECK_WAIT_MS = 1500
// Issue 18's goals, erasure ÷ single drive: 1 KiB PUT (c16), 1 GiB PUT, 1 GiB GET; heal rate.
const SMALL_PUT_GOAL = 0.6
const BIG_PUT_GOAL = 0.8
const BIG_GET_GOAL = 0.9
const HEAL_GOAL = 2000

const sizes = (quick) => ({
  objectMiB: Number(process.env.SILO_BENCH_ERASURE_MIB || (quick ? 128 : 1024)),
  healObjects: Number(process.env.SILO_BENCH_HEAL_OBJECTS || (quick ? 1000 : 10_000)),
})

export default {
  name: 'erasure-server',
  title: 'Erasure-coded backend: big objects and heal',
  description: `PUT and GET of one big object (1 GiB; 128 MiB with --quick) through the Silo SDK (a stream of known length, uploaded in the SDK's default parts; the download read to its end) against a Silo server on ${DRIVES} drives (EC 4+4) and one on a single drive, all folders on the same disk, interleaved rounds; then the time one recursive heal takes to rebuild a wiped drive holding 10,000 objects of 1 KiB (1,000 with --quick), from the heal's start to its Summary "finished".`,
  async run(ctx) {
    const { objectMiB, healObjects } = sizes(ctx.options.quick)
    if (!isSiloServerBuilt() || !isSiloSdkBuilt()) {
      const missing = `${describePath(isSiloServerBuilt() ? siloSdkEntry() : siloServerEntry())} not built (run \`npm run build\`)`
      throw new Error(missing)
    }
    const { Client, AdminClient } = await import(pathToFileURL(siloSdkEntry()).href)
    const root = createTempFolder(os.tmpdir(), 'silo-bench-erasure-')
    const drives = Array.from({ length: DRIVES }, (_, i) => join(root, 'erasure', `d${i + 1}`))
    for (const drive of drives) mkdirSync(drive, { recursive: true })
    const single = join(root, 'single')
    mkdirSync(single)

    const entries = [
      {
        label: `Erasure, ${DRIVES} drives (EC 4+4)`,
        server: await startSilo(drives, Client, AdminClient, 'silo-erasure'),
      },
      {
        label: 'Single drive',
        server: await startSilo(single, Client, AdminClient, 'silo-single'),
        baseline: true,
      },
    ]
    try {
      for (const { server } of entries) await server.client.makeBucket(BUCKET)
      const small = await measureSection(ctx, {
        entries: entries.map(({ label, server, baseline }) => ({
          label,
          server,
          baseline,
          sdk: 'signed',
          processes: 2,
        })),
        spec: { op: 'put', size: 1024, concurrency: 16, keys: [], keyPrefix: 'small' },
        warmupScale: 2,
      })
      const transfers = await measureTransfers(ctx, entries, objectMiB)
      const heal = await measureHeal(ctx, entries[0].server, drives, healObjects)
      const smallGoal = checkRatioGoal({
        goal: `erasure (${DRIVES} drives) 1 KiB PUT c16 ≥ ${SMALL_PUT_GOAL}× one drive`,
        where: 'erasure-server',
        ratio: small.rows[0].error ? Number.NaN : small.rows[0].ratio,
        target: SMALL_PUT_GOAL,
        detail:
          small.rows[0].error ??
          `${small.rows[0].opsPerSec.toFixed(0)} against ${small.rows[1].opsPerSec.toFixed(0)} PUT/s`,
      })
      const [erasure] = transfers
      const transferGoals = [
        checkRatioGoal({
          goal: `erasure 1 GiB PUT ≥ ${BIG_PUT_GOAL}× one drive`,
          where: 'erasure-server',
          ratio: erasure.putRatio,
          target: BIG_PUT_GOAL,
          detail: `${erasure.putMibPerSec.toFixed(0)} MiB/s`,
        }),
        checkRatioGoal({
          goal: `erasure 1 GiB GET ≥ ${BIG_GET_GOAL}× one drive`,
          where: 'erasure-server',
          ratio: erasure.getRatio,
          target: BIG_GET_GOAL,
          detail: `${erasure.getMibPerSec.toFixed(0)} MiB/s`,
        }),
      ]
      const healGoal = goalRow(
        `heal after wiping 1 of ${DRIVES} drives ≥ ${HEAL_GOAL.toLocaleString('en-US')} objects/s`,
        'erasure-server',
        heal.error ??
          `${Math.round(heal.objectsPerSec).toLocaleString('en-US')} objects/s (${healObjects.toLocaleString('en-US')} objects)`,
        heal.error ? null : heal.objectsPerSec >= HEAL_GOAL,
      )
      return {
        subtitle: `Silo SDK in the bench process; each server in its own process; ${os.cpus().length} cores; drives are folders on one disk`,
        sections: [
          {
            heading: 'PUT 1 KiB, concurrency 16 (signed raw-HTTP load generator, 2 processes)',
            columns: serverColumns().map((c) =>
              c.key === 'ratio'
                ? { ...c, header: '× single' }
                : c.key === 'cpuRatio'
                  ? { ...c, header: 'single µs ÷ this' }
                  : c,
            ),
            rows: small.rows,
            load: small.load,
            goals: [smallGoal],
          },
          {
            heading: `PUT and GET of ${objectMiB.toLocaleString('en-US')} MiB`,
            columns: transferColumns('backend', 'single'),
            rows: transfers,
            load: transfers.load,
            goals: transferGoals,
          },
          {
            heading: `Heal after wiping 1 of ${DRIVES} drives: ${healObjects.toLocaleString('en-US')} objects of 1 KiB`,
            columns: [
              { key: 'label', header: 'heal', align: 'left' },
              { key: 'seconds', header: 'seconds', format: 'number' },
              { key: 'objectsPerSec', header: 'objects/s', format: 'count' },
              { key: 'healed', header: 'objects healed', format: 'count' },
              { key: 'items', header: 'result items', format: 'count' },
              { key: 'uploadPerSec', header: 'upload objects/s (c=32)', format: 'count' },
            ],
            rows: [heal],
            goals: [healGoal],
          },
        ],
        goals: [smallGoal, ...transferGoals, healGoal],
      }
    } finally {
      for (const { server } of entries) await server.stop()
      rmSync(root, { recursive: true, force: true })
    }
  },
}

/**
 * A Silo server (one dir, or an array of drives) from the dist/ snapshot, in its own process;
 * also a server handle measureSection takes (`kind` keys its client children).
 */
async function startSilo(dir, Client, AdminClient, kind) {
  const child = forkChild(SERVER_CHILD, { execArgv: siloNodeFlags(), name: 'Silo server child' })
  try {
    const { host, port } = await child.request('start', {
      kind: 'silo',
      dir,
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
    })
    const options = { endPoint: host, port, useSSL: false, accessKey: ACCESS_KEY, secretKey: SECRET_KEY }
    return {
      kind,
      label: kind,
      host,
      port,
      pid: child.pid,
      region: 'us-east-1',
      accessKey: ACCESS_KEY,
      secretKey: SECRET_KEY,
      prepared: new Set(),
      client: new Client(options),
      admin: new AdminClient(options),
      cpuMicros: () => readCpuMicros(child.pid),
      rss: () => readRss(child.pid),
      stop: () => child.kill(),
    }
  } catch (error) {
    await child.kill()
    throw error
  }
}

// Rounds interleave the backends (erasure, single, erasure, ...) as the other scenarios do.
function measureTransfers(ctx, entries, objectMiB) {
  const clientsOf = ({ server }) => ({ writer: server.client, reader: server.client })
  return measureBigTransfers(ctx, { entries, objectMiB, bucket: BUCKET, clientsOf })
}

/** Uploads `count` 1 KiB objects (32 at a time), wipes one drive, and times one recursive heal. */
async function measureHeal(ctx, server, drives, count) {
  const label = `heal -r, drive 3 of ${DRIVES} wiped`
  const bucket = `${BUCKET}-heal`
  await server.client.makeBucket(bucket)
  const body = randomBytes(1024)
  let next = 0
  const uploadStart = performance.now()
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      for (let i = next++; i < count; i = next++) {
        await server.client.putObject(bucket, `small/${String(i).padStart(6, '0')}`, body, body.length)
      }
    }),
  )
  const uploadPerSec = count / ((performance.now() - uploadStart) / 1000)
  ctx.log(`  uploaded ${count} objects of 1 KiB: ${uploadPerSec.toFixed(0)} objects/s`)

  const wiped = drives[2]
  for (const name of readdirSync(wiped)) rmSync(join(wiped, name), { recursive: true, force: true })
  await new Promise((resolve) => setTimeout(resolve, DRIVE_CHECK_WAIT_MS))

  const start = performance.now()
  const { clientToken } = await server.admin.heal({ recursive: true })
  const items = []
  let status
  do {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = await server.admin.healStatus({ clientToken })
    items.push(...(status.items ?? []))
  } while (status.summary === 'running')
  const seconds = (performance.now() - start) / 1000
  if (status.summary !== 'finished') throw new Error(`heal ended '${status.summary}': ${status.detail ?? ''}`)
  // Healed: an object item of the heal bucket whose wiped drive was not ok before and is ok after
  // (the heal also rebuilds the few objects the small-PUT table left in another bucket).
  const healed = items.filter(
    (item) =>
      item.type === 'object' &&
      item.bucket === bucket &&
      item.before.drives[2]?.state !== 'ok' &&
      item.after.drives[2]?.state === 'ok',
  ).length
  ctx.log(`  heal: ${seconds.toFixed(2)} s, ${healed} of ${count} objects healed, ${items.length} items`)
  if (healed !== count)
    return { label, error: `healed ${healed} of ${count} objects (${items.length} items)` }
  return { label, seconds, objectsPerSec: count / seconds, healed, items: items.length, uploadPerSec }
}
