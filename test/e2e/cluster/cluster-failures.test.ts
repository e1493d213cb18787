/**
 * Issue 17's failures, against four `silo server --etcd` processes (four drives each, one set of
 * 16) and a 3-member etcd on loopback: a server killed with SIGKILL mid-PUT, again and again,
 * never leaves a partial object visible from any server, the others keep serving, and heal
 * restores it once it is back; one etcd member down changes nothing; etcd's quorum lost fails
 * writes with a 503 at once while reads go on, and writes resume by themselves once it is back.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkEtcd, type EtcdCluster, startEtcdCluster } from '../../server/helpers/etcd-cluster.js'
import { freePort } from '../helpers/cluster.js'
import { CLI_BUILT, runHeal, type SiloProcess, startSilo } from '../helpers/erasure.js'

// The servers live for the whole file (not cleanUpErasureRuns' one test): afterAll stops them.

let etcd: EtcdCluster
let root: string
let endpoints: string[]
let ports: number[]
const servers: Array<SiloProcess | undefined> = []

function start(i: number): Promise<SiloProcess> {
  return startSilo(
    ['--etcd', etcd.endpoints.join(','), ...endpoints],
    { SILO_DRIVE_CHECK_MS: '0' },
    60_000,
    `127.0.0.1:${ports[i]}`,
  ).then((server) => {
    servers[i] = server
    return server
  })
}

async function bytesOf(server: SiloProcess, bucket: string, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await server.client().getObject(bucket, key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The S3 error code a failed call rejected with ('' when it succeeded). */
async function codeOf(call: Promise<unknown>): Promise<string> {
  return (await failureOf(call)).split(':')[0]!
}

/** '' when the call succeeded, else its error code and message (a quorum error names the drives down). */
async function failureOf(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return ''
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    return code ? `${code}: ${message}` : String(error)
  }
}

const etcdUp = checkEtcd().up

beforeAll(async () => {
  if (!CLI_BUILT || !etcdUp) return
  etcd = await startEtcdCluster({ members: 3 })
  root = await mkdtemp(join(tmpdir(), 'silo-cluster-kill-'))
  ports = []
  while (ports.length < 4) {
    const port = await freePort()
    if (!ports.includes(port)) ports.push(port)
  }
  endpoints = ports.flatMap((port, n) =>
    [1, 2, 3, 4].map((d) => `http://127.0.0.1:${port}${root}/n${n + 1}/d${d}`),
  )
  await Promise.all([0, 1, 2, 3].map(start))
  await servers[0]!.client().makeBucket('kill')
}, 120_000)

afterAll(async () => {
  if (process.env.SILO_CLUSTER_DEBUG) for (const s of servers) console.log(s?.port, s?.output())
  await Promise.all(servers.map((s) => s?.stop()))
  await etcd?.stop()
  if (root) await rm(root, { recursive: true, force: true })
}, 60_000)

describe.skipIf(!CLI_BUILT || !etcdUp)('a 4-server cluster when servers and etcd members fail', () => {
  it('a server killed mid-PUT, again and again: no partial object anywhere; heal restores it', async () => {
    const previous = randomBytes(2 * 1024 * 1024)
    await servers[1]!.client().putObject('kill', 'victim', previous)
    for (let round = 0; round < 3; round++) {
      // A PUT streams to server 4 (8 MiB announced, 3 MiB sent), which is killed meanwhile.
      const body = new PassThrough()
      const upload = servers[3]!
        .client()
        .putObject('kill', 'victim', body, 8 * 1024 * 1024)
        .catch(() => 'failed')
      body.write(randomBytes(3 * 1024 * 1024))
      await sleep(300)
      await servers[3]!.kill()
      body.destroy()
      expect(await upload).toBe('failed')
      for (const i of [0, 1, 2]) {
        expect(
          (await bytesOf(servers[i]!, 'kill', 'victim')).equals(previous),
          `round ${round}, server ${i + 1}`,
        ).toBe(true)
      }
      // The others keep taking writes and reads with one server (4 of 16 drives) gone. A key
      // whose lock slot the dead server owned waits for etcd to hand the slot over (its lease
      // TTL, docs/distributed.md): at worst its PUT answers 503 XSiloLockUnavailable meanwhile.
      // Eight keys: some lock slots of the dead server are among theirs.
      const fresh = randomBytes(100_000 + round)
      const keys = Array.from({ length: 8 }, (_, k) => `while-down-${round}-${k}`)
      const started = Date.now()
      const answers = await Promise.all(
        keys.map((key) => codeOf(servers[2]!.client().putObject('kill', key, fresh))),
      )
      expect(
        answers,
        `PUTs while server 4 is down (${Date.now() - started} ms): ${answers.join(' | ')}`,
      ).toEqual(keys.map(() => ''))
      for (const key of keys) expect((await bytesOf(servers[0]!, 'kill', key)).equals(fresh)).toBe(true)
      await start(3)
    }
    const run = await runHeal(servers[0]!, { bucket: 'kill', recursive: true })
    expect(run.summary).toBe('finished')
    // An object written while server 4 was down lacked its shards on server 4's drives; heal
    // wrote them (the others' drives alone still serve it, so a GET would not tell).
    const item = run.items.find((i) => i.object === 'while-down-0-0')!
    const onServer4 = (drives: Array<{ endpoint: string; state: string }>) =>
      drives.filter((d) => d.endpoint.startsWith(`http://127.0.0.1:${ports[3]}/`)).map((d) => d.state)
    expect(onServer4(item.before.drives)).not.toEqual(['ok', 'ok', 'ok', 'ok'])
    expect(onServer4(item.after.drives)).toEqual(['ok', 'ok', 'ok', 'ok'])
    // The returning server's drives hold their shards again: it serves every object alone with the rest.
    for (let round = 0; round < 3; round++) {
      expect((await bytesOf(servers[3]!, 'kill', `while-down-${round}-0`)).length).toBe(100_000 + round)
    }
  }, 240_000)

  it('one etcd member down: everything works', async () => {
    await etcd.stopMember(2)
    try {
      const body = randomBytes(50_000)
      await servers[0]!.client().putObject('kill', 'one-etcd-down', body)
      expect((await bytesOf(servers[3]!, 'kill', 'one-etcd-down')).equals(body)).toBe(true)
    } finally {
      await etcd.startMember(2)
    }
  }, 60_000)

  it("etcd's quorum lost: writes fail with a 503 and store nothing, reads go on; writes come back by themselves", async () => {
    const kept = randomBytes(10_000)
    await servers[0]!.client().putObject('kill', 'kept', kept)
    await etcd.stopMember(1)
    await etcd.stopMember(2)
    try {
      // Lock slots stay granted while their owners' leases may still live (5 s); past that,
      // every write fails with 503 and stores nothing.
      let failed: { key: string; ms: number; code: string } | undefined
      for (let n = 0; !failed && n < 60; n++) {
        const key = `no-quorum-${n}`
        const started = Date.now()
        const code = await codeOf(servers[1]!.client().putObject('kill', key, Buffer.from('never stored')))
        if (code !== '') failed = { key, ms: Date.now() - started, code }
        else await sleep(500)
      }
      expect(failed?.code).toBe('XSiloLockUnavailable')
      expect(failed!.ms).toBeLessThan(15_000)
      expect(await codeOf(servers[2]!.client().statObject('kill', failed!.key))).toBe('NotFound')
      expect((await bytesOf(servers[2]!, 'kill', 'kept')).equals(kept)).toBe(true)
    } finally {
      await etcd.startMember(1)
      await etcd.startMember(2)
    }
    await expect
      .poll(() => codeOf(servers[1]!.client().putObject('kill', 'after-quorum', Buffer.from('back'))), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe('')
  }, 90_000)
})
