/**
 * The listen API end to end: GET /<bucket>?events=... streams matching records to our SDK's
 * `listenBucketNotification` and to minio-js's, with no stored configuration.
 */
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type NotificationRecord } from '../../src/index.js'
import { siloRootClient } from './helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
let client: Client
beforeAll(async () => {
  server = await startServer()
  client = siloRootClient(server)
  await client.makeBucket('listen')
})
afterAll(() => server?.stop())

type Listener = { on(event: 'notification', f: (r: NotificationRecord) => void): unknown; stop(): void }

/** Collects records until `count` arrived. */
function collect(listener: Listener, count: number): Promise<NotificationRecord[]> {
  const got: NotificationRecord[] = []
  return new Promise((resolve) =>
    listener.on('notification', (r) => {
      got.push(r)
      if (got.length === count) resolve(got)
    }),
  )
}

/** Waits until the server has the listen request (the stream's headers arrived), then a bit. */
const settle = () => new Promise((r) => setTimeout(r, 300))

describe('listenBucketNotification', () => {
  it.each([
    [
      'silo SDK',
      () =>
        client.listenBucketNotification('listen', 'photos/', '.jpg', [
          's3:ObjectCreated:*',
          's3:ObjectRemoved:*',
        ]),
    ],
    [
      'minio-js',
      () =>
        new Minio.Client({
          endPoint: server.host,
          port: server.port,
          useSSL: false,
          accessKey: ROOT_USER,
          secretKey: ROOT_PASSWORD,
          region: 'us-east-1',
        }).listenBucketNotification('listen', 'photos/', '.jpg', [
          's3:ObjectCreated:*',
          's3:ObjectRemoved:*',
        ]) as unknown as Listener,
    ],
  ])('streams only matching records to %s', async (_, listen) => {
    const listener = listen() as Listener
    const records = collect(listener, 3)
    await settle()
    await client.putObject('listen', 'photos/a.jpg', Buffer.from('a'))
    await client.putObject('listen', 'photos/a.png', Buffer.from('no: suffix'))
    await client.putObject('listen', 'other/b.jpg', Buffer.from('no: prefix'))
    await client.statObject('listen', 'photos/a.jpg') // no: not a listened event
    await client.putObject('listen', 'photos/sub dir/c.jpg', Buffer.from('c'))
    await client.removeObject('listen', 'photos/a.jpg')
    const got = await records
    listener.stop()
    expect(got.map((r) => [r.eventName, r.s3.bucket.name, r.s3.object.key])).toEqual([
      ['s3:ObjectCreated:Put', 'listen', 'photos%2Fa.jpg'],
      ['s3:ObjectCreated:Put', 'listen', 'photos%2Fsub+dir%2Fc.jpg'],
      ['s3:ObjectRemoved:Delete', 'listen', 'photos%2Fa.jpg'],
    ])
    expect(got[0]).toMatchObject({
      eventSource: 'silo:s3',
      userIdentity: { principalId: ROOT_USER },
      s3: { object: { size: 1 } },
    })
  })

  it('refuses an unknown event name with InvalidArgument, and a missing bucket with NoSuchBucket', async () => {
    const bad = client.listenBucketNotification('listen', '', '', ['s3:ObjectCreated:Everything'])
    const error = await new Promise<Error>((resolve) => bad.once('error', resolve))
    expect(error).toMatchObject({
      code: 'InvalidArgument',
      message: expect.stringContaining('s3:ObjectCreated:Everything'),
    })
    bad.stop()
    const missing = client.listenBucketNotification('no-such-bucket-here', '', '', ['s3:ObjectCreated:*'])
    expect(await new Promise<Error>((resolve) => missing.once('error', resolve))).toMatchObject({
      code: 'NoSuchBucket',
    })
    missing.stop()
  })

  it('ends the stream cleanly when the server stops', async () => {
    const own = await startServer()
    const c = new Client({
      endPoint: own.host,
      port: own.port,
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    })
    await c.makeBucket('ending')
    const res = await fetchListen(own, 'ending')
    const reader = res.body!.getReader()
    await own.stop()
    // The chunked body ends (done) instead of failing: the final chunk was sent.
    let done = false
    while (!done) done = (await reader.read()).done
    expect(done).toBe(true)
  })
})

/** A raw signed listen request, to look at the HTTP stream itself. */
async function fetchListen(running: RunningServer, bucket: string): Promise<Response> {
  const { SignatureV4 } = await import('@smithy/signature-v4')
  const { Sha256 } = await import('@aws-crypto/sha256-js')
  const signer = new SignatureV4({
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
    region: 'us-east-1',
    service: 's3',
    sha256: Sha256,
  })
  const url = new URL(`/${bucket}?events=s3%3AObjectCreated%3A%2A`, running.url)
  const signed = await signer.sign({
    method: 'GET',
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    query: { events: 's3:ObjectCreated:*' },
    headers: { host: url.host },
  })
  const { host: _, ...headers } = signed.headers
  const res = await fetch(url, { headers })
  expect([res.status, res.headers.get('content-type'), res.headers.get('transfer-encoding')]).toEqual([
    200,
    'text/plain; charset=utf-8',
    'chunked',
  ])
  return res
}
