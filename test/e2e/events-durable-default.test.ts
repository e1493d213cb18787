/**
 * Issue 12: every target's queue is durable by default. With no `queueDir`, events queued while
 * the target is down survive a SIGKILL of the server (a child process): after the restart the
 * target comes up and gets every acknowledged event, in order, once. One drive and a 4-drive
 * erasure set; and a server killed while PUTs are in flight loses no acknowledged PUT's event.
 */

import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../server/events/helpers.js'
import { type ChildServer, startChildServer } from '../server/events/support/child-server.js'
import { messageKey } from '../server/events/support/expected-message.js'
import { startWebhookSink } from '../server/events/support/sinks.js'
import { findClosedPort } from '../server/events/targets/helpers/service.js'
import { rootClientAt, watchBucket } from './helpers/events.js'

const ROOT = { rootUser: 'durable-root', rootPassword: 'durable-root-secret' }
const ARN = 'arn:silo:sqs::1:webhook'
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined)
})

async function start(options: Parameters<typeof startChildServer>[0]): Promise<ChildServer> {
  const server = await startChildServer(options)
  cleanups.push(() => server.kill())
  return server
}

/** A webhook target on a port nothing listens on yet, and no `queueDir`. */
async function downWebhook(): Promise<{ port: number; notify: unknown }> {
  const port = await findClosedPort()
  return { port, notify: { webhook: { '1': { enable: true, endpoint: `http://127.0.0.1:${port}/` } } } }
}

async function sinkOn(port: number) {
  const sink = await startWebhookSink(port)
  cleanups.push(() => sink.close())
  return sink
}

const keysOf = (bodies: unknown[]) => bodies.map(messageKey)

describe('the default queue (no queueDir) survives a SIGKILL', () => {
  it.each([
    ['one drive', 1],
    ['4-drive erasure', 4],
  ])(
    '%s: 100 events queued while the target is down arrive after the restart, in order, once',
    async (_, drives) => {
      const root = await makeTempDir()
      const dir =
        drives === 1 ? join(root, 'data') : Array.from({ length: drives }, (_, i) => join(root, `d${i + 1}`))
      const { port, notify } = await downWebhook()
      const options = { dir, notify, ...ROOT }
      const first = await start(options)
      const client = rootClientAt(first.url, ROOT)
      await client.makeBucket('crash')
      await watchBucket(client, 'crash', ARN)
      const keys = Array.from({ length: 100 }, (_, i) => `obj-${String(i).padStart(3, '0')}`)
      for (const key of keys) await client.putObject('crash', key, Buffer.from(key))
      await first.kill()

      await start(options)
      const sink = await sinkOn(port)
      await expect.poll(() => sink.bodies.length, { timeout: 60_000, interval: 100 }).toBe(keys.length)
      await new Promise((r) => setTimeout(r, 300)) // nothing more may come
      expect(keysOf(sink.bodies)).toEqual(keys.map((k) => `crash/${k}`))
      // Where the queue lives: the (first) drive's .silo.sys, one folder per target.
      const home = join(drives === 1 ? (dir as string) : (dir as string[])[0]!, '.silo.sys', 'events')
      expect(await readdir(home)).toEqual(['webhook-1'])
    },
    90_000,
  )

  it('one drive: killed while 16 clients PUT, every acknowledged PUT has its event after the restart, once', async () => {
    const root = await makeTempDir()
    const { port, notify } = await downWebhook()
    const options = { dir: join(root, 'data'), notify, ...ROOT }
    const first = await start(options)
    const client = rootClientAt(first.url, ROOT)
    await client.makeBucket('busy')
    await watchBucket(client, 'busy', ARN)
    const acknowledged: string[] = []
    let next = 0
    let killed: Promise<void> | undefined
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (!killed) {
          const key = `k-${String(next++).padStart(5, '0')}`
          try {
            await client.putObject('busy', key, Buffer.from(key))
            acknowledged.push(`busy/${key}`)
          } catch {
            return // the server is gone
          }
          // Kill while the other 15 requests are in flight.
          if (acknowledged.length === 300) killed = first.kill()
        }
      }),
    )
    await killed

    await start(options)
    const sink = await sinkOn(port)
    const delivered = () => new Set(keysOf(sink.bodies))
    await expect
      .poll(() => acknowledged.filter((k) => !delivered().has(k)).length, { timeout: 60_000, interval: 100 })
      .toBe(0)
    await new Promise((r) => setTimeout(r, 300))
    // At-least-once, and the target was down during the crash, so nothing was in flight: once each.
    expect(keysOf(sink.bodies).length).toBe(delivered().size)
  }, 90_000)
})
