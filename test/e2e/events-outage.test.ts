/**
 * A target that is down loses nothing: 1,000 operations while it is unreachable, then it comes
 * back and every event arrives, in order, once. With `queueDir`, a server killed mid-outage
 * (SIGKILL, in a child process) delivers every acknowledged event after it restarts.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import type { Client } from '../../src/index.js'
import { createServer as createSilo } from '../../src/server/index.js'
import { startChildServer } from '../server/events/support/child-server.js'
import { messageKey } from '../server/events/support/expected-message.js'
import { startWebhookSink } from '../server/events/support/sinks.js'
import { checkService, findClosedPort, uniqueName } from '../server/events/targets/helpers/service.js'
import { rootClientAt, watchBucket } from './helpers/events.js'

const ROOT = { rootUser: 'outage-root', rootPassword: 'outage-root-secret' }
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined)
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-outage-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** PUTs `count` small objects one after another: keys obj-0000, obj-0001, ... */
async function putMany(client: Client, bucket: string, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `obj-${String(i).padStart(4, '0')}`)
  for (const key of keys) await client.putObject(bucket, key, Buffer.from(key))
  return keys
}

/** A TCP forwarder to `target` that can be switched off (nothing listens) and on again. */
async function createSwitchableProxy(port: number, target: number) {
  let server: Server | undefined
  const sockets = new Set<Socket>()
  return {
    async on() {
      server = createServer((socket) => {
        const upstream = new Socket().connect(target, '127.0.0.1')
        for (const s of [socket, upstream]) {
          sockets.add(s)
          s.on('error', () => s.destroy())
          s.on('close', () => sockets.delete(s))
        }
        socket.pipe(upstream).pipe(socket)
      })
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
    },
    async off() {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
      server = undefined
    },
  }
}

describe('a target that is down', () => {
  it('webhook: 1,000 PUTs while the endpoint is down all arrive once it listens, in order, once each', async () => {
    const port = await findClosedPort()
    const server = createSilo({
      dir: await tempDir(),
      address: '127.0.0.1:0',
      quiet: true,
      ...ROOT,
      notify: { webhook: { '1': { enable: true, endpoint: `http://127.0.0.1:${port}/` } } },
    })
    const { url } = await server.start()
    cleanups.push(() => server.stop())
    const client = rootClientAt(url, ROOT)
    await client.makeBucket('outage')
    await watchBucket(client, 'outage', 'arn:silo:sqs::1:webhook')
    const keys = await putMany(client, 'outage', 1000)
    const sink = await startWebhookSink(port)
    cleanups.push(() => sink.close())
    await expect.poll(() => sink.bodies.length, { timeout: 60_000, interval: 200 }).toBe(1000)
    await new Promise((r) => setTimeout(r, 300)) // nothing more may come
    expect(sink.bodies.map(messageKey)).toEqual(keys.map((k) => `outage/${k}`))
  }, 90_000)

  it('redis (access list): 1,000 events queued while redis is unreachable arrive in order, none twice', async (ctx) => {
    if (!(await checkService('redis', 6379)).up) return ctx.skip()
    const port = await findClosedPort()
    const proxy = await createSwitchableProxy(port, 6379)
    cleanups.push(() => proxy.off())
    const key = uniqueName('outage')
    const redis = new Redis({ host: '127.0.0.1', port: 6379 })
    cleanups.push(async () => {
      await redis.del(key)
      redis.disconnect()
    })
    const notify = { redis: { '1': { enable: true, format: 'access', address: `127.0.0.1:${port}`, key } } }
    const server = createSilo({ dir: await tempDir(), address: '127.0.0.1:0', quiet: true, ...ROOT, notify })
    const { url } = await server.start()
    cleanups.push(() => server.stop())
    const client = rootClientAt(url, ROOT)
    await client.makeBucket('outage')
    await watchBucket(client, 'outage', 'arn:silo:sqs::1:redis')
    const keys = await putMany(client, 'outage', 1000)
    expect(await redis.llen(key)).toBe(0)
    await proxy.on()
    await expect.poll(() => redis.llen(key), { timeout: 60_000, interval: 200 }).toBe(1000)
    // The seed's access item: [timestamp, event message], the message holding the record.
    const entries = (await redis.lrange(key, 0, -1)).map(
      (v) => JSON.parse(v) as [string, { Records: { s3: { object: { key: string } } }[] }],
    )
    expect(entries.map(([, message]) => message.Records[0]!.s3.object.key)).toEqual(keys)
  }, 90_000)

  it('queueDir: a server killed (SIGKILL) mid-outage delivers every acknowledged event after restart', async () => {
    const port = await findClosedPort()
    const dir = await tempDir()
    const options = {
      dir: join(dir, 'data'),
      ...ROOT,
      notify: {
        webhook: {
          '1': { enable: true, endpoint: `http://127.0.0.1:${port}/`, queueDir: join(dir, 'queue') },
        },
      },
    }
    const first = await startChildServer(options)
    cleanups.push(() => first.kill())
    const client = rootClientAt(first.url, ROOT)
    await client.makeBucket('crash')
    await watchBucket(client, 'crash', 'arn:silo:sqs::1:webhook')
    const keys = await putMany(client, 'crash', 300)
    await first.kill()

    const second = await startChildServer(options)
    cleanups.push(() => second.stop())
    const sink = await startWebhookSink(port)
    cleanups.push(() => sink.close())
    await expect.poll(() => sink.bodies.length, { timeout: 60_000, interval: 200 }).toBe(300)
    await new Promise((r) => setTimeout(r, 300))
    expect(sink.bodies.map(messageKey)).toEqual(keys.map((k) => `crash/${k}`))
  }, 120_000)
})
