/**
 * Issue 12: on an erasure set the default event queues live on the first healthy drive. A start
 * that finds that drive offline keeps them on the next one; once the first drive is back, the
 * next start moves those events home, after the ones already there, and nothing is lost.
 */

import { readdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { createServer } from '../../src/server/index.js'
import { makeTempDir } from '../server/events/helpers.js'
import { messageKey } from '../server/events/support/expected-message.js'
import { startWebhookSink } from '../server/events/support/sinks.js'
import { findClosedPort } from '../server/events/targets/helpers/service.js'
import { watchBucket } from './helpers/events.js'

const ROOT = { rootUser: 'home-root', rootPassword: 'home-root-secret' }
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined)
})

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** Starts a server over `drives`, runs `work` with a client, stops it. */
async function runServer(drives: string[], notify: unknown, work: (client: Client) => Promise<void>) {
  const server = createServer({
    dir: drives,
    address: '127.0.0.1:0',
    quiet: true,
    logger: silent,
    notify,
    ...ROOT,
  })
  const { port } = await server.start()
  try {
    await work(
      new Client({
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: ROOT.rootUser,
        secretKey: ROOT.rootPassword,
      }),
    )
  } finally {
    await server.stop()
  }
}

const put = async (client: Client, keys: string[]) => {
  for (const key of keys) await client.putObject('moved', key, Buffer.from(key))
}
const names = (prefix: string) =>
  Array.from({ length: 20 }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`)

describe('erasure: the queue home follows the first healthy drive', () => {
  it('events queued on drive 2 while drive 1 was away are delivered after drive 1 is back, in order', async () => {
    const root = await makeTempDir()
    const drives = ['d1', 'd2', 'd3', 'd4'].map((d) => join(root, d))
    const port = await findClosedPort()
    const notify = { webhook: { '1': { enable: true, endpoint: `http://127.0.0.1:${port}/` } } }
    const events = (drive: string) => join(drive, '.silo.sys', 'events')

    await runServer(drives, notify, async (client) => {
      await client.makeBucket('moved')
      await watchBucket(client, 'moved', 'arn:silo:sqs::1:webhook')
      await put(client, names('a'))
    })
    // Drive 1 goes away (unplugged); the next start keeps the queue on drive 2.
    await rename(drives[0]!, `${drives[0]}.away`)
    await runServer(drives, notify, (client) => put(client, names('b')))
    expect(await readdir(events(drives[1]!))).toEqual(['webhook-1'])
    await rename(`${drives[0]}.away`, drives[0]!)

    const sink = await startWebhookSink(port)
    cleanups.push(() => sink.close())
    const expected = [...names('a'), ...names('b')].map((k) => `moved/${k}`)
    await runServer(drives, notify, async () => {
      await expect.poll(() => sink.bodies.length, { timeout: 30_000, interval: 100 }).toBe(expected.length)
    })
    expect(sink.bodies.map(messageKey)).toEqual(expected)
    expect(await readdir(events(drives[1]!))).toEqual([])
  }, 60_000)
})
