/**
 * Issue 12: a bounded crash-and-restart loop on both backends. Each round sends PUTs (small,
 * inline, and large, file-backed), multipart Completes, DeleteObjects, a DeleteBucket and, on
 * erasure, a heal, from three workers; SIGKILLs the server a drawn delay after the round's target
 * request was sent; restarts it on the same drives and checks that it started cleanly and that
 * every acknowledged write is there with its exact bytes, every acknowledged delete stayed
 * deleted, any other key holds one whole content ever written to it or nothing, and the listing
 * agrees with GET and HEAD. Every draw comes from a seeded PRNG; the seed is printed, and
 * `SILO_CRASH_SEED=<seed>` replays the same plans (kill points also depend on timing).
 */
import { join } from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { checkAgainstModel, emptyServer, leftoverTempFiles } from './helpers/crash-check.js'
import { CrashModel } from './helpers/crash-model.js'
import type { CrashClients, CrashOpKind } from './helpers/crash-ops.js'
import { CRASH_BUCKET, CRASH_KEYS, planRound } from './helpers/crash-plan.js'
import { type KillReport, runKillWindow } from './helpers/crash-window.js'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  type Drives,
  describeItem,
  itemsNotOk,
  listFiles,
  ROOT_PASSWORD,
  ROOT_USER,
  runHeal,
  startSilo,
  wipeDrive,
} from './helpers/erasure.js'
import { digestBytes } from './helpers/object-digest.js'
import { createSeededRandom, readReplaySeed, type SeededRandom } from './helpers/replay-seed.js'

cleanUpErasureRuns()

// Under CI the plans are one seed's (it passed here many times); kill timing still varies.
const SEED = readReplaySeed('SILO_CRASH_SEED', 2183404239)
console.log(
  `crash loop: SILO_CRASH_SEED=${SEED} (replay: SILO_CRASH_SEED=${SEED} npx vitest run test/e2e/crash-loop.test.ts)`,
)

/**
 * How long after its target request was sent the kill comes, per kind (ms, drawn in the range).
 * Sized on this 2-core machine so the target is usually still in flight: a small PUT or a
 * DeleteObjects is answered within a few ms, a 3 MiB PUT or a heal of a wiped drive in tens.
 */
const KILL_DELAY_MS: Record<CrashOpKind, [number, number]> = {
  'put-small': [0, 8],
  'put-large': [0, 40],
  complete: [0, 15],
  'delete-objects': [0, 8],
  'delete-bucket': [0, 8],
  heal: [0, 120],
}

/** What a server that starts and serves cleanly never prints. */
const LOGGED_TROUBLE = /error|exception|warn/i

interface Backend {
  name: string
  drives: number
  rounds: number
  /** Mixed into the seed so each backend draws its own plans from the one printed seed. */
  salt: number
}

/** Rounds per backend: 8 in CI; `SILO_CRASH_ROUNDS=100` for a longer soak. */
const ROUNDS = Number(process.env.SILO_CRASH_ROUNDS) || 8

const BACKENDS: Backend[] = [
  { name: 'single drive', drives: 1, rounds: ROUNDS, salt: 0x51 },
  { name: 'erasure, 4 drives', drives: 4, rounds: ROUNDS, salt: 0xe4 },
]

/** Starts `silo server` on the drives, with a Silo client and an AWS client without retries. */
async function startOn(drives: Drives): Promise<CrashClients> {
  const server = await startSilo(drives.paths)
  const s3 = new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
    // A retry after the kill would hit a dead port or, worse, hide a cut.
    maxAttempts: 1,
  })
  return { server, client: server.client(), s3 }
}

/** Records each outcome in the model; returns the refusals no request should have met. */
function settleWindow(report: KillReport, model: CrashModel): string[] {
  const unexpected: string[] = []
  for (const [op, result] of report.results) {
    op.settle(model, result)
    if (result.outcome === 'refused' && !op.refusalExpected?.(result)) {
      unexpected.push(`${op.label} was refused before the kill: ${result.detail}`)
    }
  }
  return unexpected
}

/** One line per round for the log: the target, the delay, the kill points, the outcomes. */
function describeRound(round: number, target: string, delayMs: number, report: KillReport): string {
  const count = (outcome: string) => [...report.results.values()].filter((r) => r.outcome === outcome).length
  const points = report.inFlight.map((op) => op.label).join('; ') || 'nothing in flight'
  return (
    `round ${round}: target ${target}, kill +${delayMs} ms; in flight: ${points}; ` +
    `${count('acknowledged')} acknowledged, ${count('cut')} cut, ${count('unsent')} unsent`
  )
}

/** What one backend's loop carries from round to round. */
interface LoopState {
  backend: Backend
  erasure: boolean
  drives: Drives
  c: CrashClients
  model: CrashModel
  rng: SeededRandom
  log: string[]
  inFlightKinds: Set<CrashOpKind>
  cuts: number
}

/** Starts a backend on fresh drives with a bucket of 12 objects, for deletes to delete. */
async function startLoop(backend: Backend): Promise<LoopState> {
  const rng = createSeededRandom((SEED ^ backend.salt) >>> 0)
  const drives = await createDrives(backend.drives)
  const c = await startOn(drives)
  const model = new CrashModel()
  await c.client.makeBucket(CRASH_BUCKET)
  model.createBucket(CRASH_BUCKET)
  for (const key of CRASH_KEYS.slice(0, 12)) {
    const body = Buffer.alloc(rng.int(1, 300_000), key)
    await c.client.putObject(CRASH_BUCKET, key, body, body.length)
    model.write(CRASH_BUCKET, key, digestBytes(body), 'acknowledged')
  }
  const erasure = backend.drives > 1
  return { backend, erasure, drives, c, model, rng, log: [], inFlightKinds: new Set(), cuts: 0 }
}

/**
 * Erasure: stops the server cleanly, wipes a drive and starts it again. Only right after a heal
 * ended with every object on every drive, so the wipe costs one shard of anything (a kill can
 * leave an object on just `data` drives until heal); the window's heal then has a drive to
 * rebuild, to be cut in.
 */
async function wipeOneDrive(s: LoopState): Promise<void> {
  const wiped = s.drives.paths[s.rng.int(0, s.drives.paths.length - 1)]!
  await s.c.server.stop()
  await wipeDrive(wiped)
  s.c = await startOn(s.drives)
  s.log.push(`  wiped ${wiped}`)
}

/** One round: plan, kill, restart, check everything; then (erasure) heal to the end. */
async function runRound(s: LoopState, round: number, target: CrashOpKind): Promise<void> {
  const { erasure, model } = s
  if (erasure && round > 0 && (target === 'heal' || s.rng.chance(0.3))) await wipeOneDrive(s)
  const plan = await planRound(s.c, model, s.rng, {
    round,
    target,
    killDelayMs: KILL_DELAY_MS,
    heals: erasure,
    workers: 3,
    opsPerWorker: 5,
  })
  const report = await runKillWindow(plan, () => s.c.server.kill())
  s.c.s3.destroy()
  const unexpected = settleWindow(report, model)
  // The server logs every 500 and every failed step: none is expected before the kill.
  if (LOGGED_TROUBLE.test(s.c.server.output())) unexpected.push(`server logged:\n${s.c.server.output()}`)
  for (const op of report.inFlight) s.inFlightKinds.add(op.kind)
  s.cuts += [...report.results.values()].filter((r) => r.outcome === 'cut').length
  s.log.push(describeRound(round, target, plan.delayMs, report))

  // Rejects with the server's output if it does not start.
  s.c = await startOn(s.drives)
  const context = `seed ${SEED}, ${s.backend.name}\n${s.log.join('\n')}`
  expect(await leftoverTempFiles(s.drives.paths), context).toEqual([])
  const violations = await checkAgainstModel(s.c.client, model)
  for (const [op, result] of report.results) {
    violations.push(...((await op.afterRestart?.(s.c, model, result)) ?? []))
  }
  expect([...unexpected, ...violations], context).toEqual([])
  if (erasure) {
    const heal = await runHeal(s.c.server, { recursive: true })
    expect(heal.summary, `${context}\n${heal.detail}`).toBe('finished')
  }
  // The start after the crash, the checks and the heal logged nothing.
  expect(s.c.server.output(), context).not.toMatch(LOGGED_TROUBLE)
}

/**
 * After the last round: nothing left to heal, and once everything is deleted through the API
 * and the server stopped cleanly, no drive holds a file: the restarts swept every orphan.
 */
async function finishLoop(s: LoopState): Promise<void> {
  if (s.erasure) {
    const again = await runHeal(s.c.server, { recursive: true })
    expect(again.summary).toBe('finished')
    expect(itemsNotOk(again.items).map(describeItem)).toEqual([])
  }
  await emptyServer(s.c.client)
  s.c.s3.destroy()
  expect(s.c.server.output()).not.toMatch(LOGGED_TROUBLE)
  await s.c.server.stop()
  for (const drive of s.drives.paths) {
    expect(await listFiles(join(drive, '.silo.sys/data')), drive).toEqual([])
    expect(await listFiles(join(drive, '.silo.sys/tmp')), drive).toEqual([])
  }
}

describe.skipIf(!CLI_BUILT)('crash-and-restart loop (issue 12)', () => {
  for (const backend of BACKENDS) {
    const kinds: CrashOpKind[] = ['put-small', 'put-large', 'complete', 'delete-objects', 'delete-bucket']
    if (backend.drives > 1) kinds.push('heal')
    const title = `${backend.name}: ${backend.rounds} SIGKILLs lose nothing acknowledged, show nothing half-written`

    it(
      title,
      async () => {
        const s = await startLoop(backend)
        for (let round = 0; round < backend.rounds; round++)
          await runRound(s, round, kinds[round % kinds.length]!)
        console.log(`crash loop, ${backend.name}, seed ${SEED}:\n${s.log.join('\n')}`)
        // A run whose kills all landed after its requests ended would prove nothing.
        expect(s.cuts, s.log.join('\n')).toBeGreaterThan(0)
        expect(s.inFlightKinds.size, s.log.join('\n')).toBeGreaterThan(1)
        await finishLoop(s)
      },
      // A guard against a hang, not a timed assertion: a round takes 1-6 s on a loaded 2-core VM.
      150_000 * Math.ceil(backend.rounds / 8),
    )
  }
})
