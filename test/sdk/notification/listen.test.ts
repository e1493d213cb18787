import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { Client, type NotificationRecord, type S3Error } from '../../../src/index.js'

/** A loopback endpoint that hands each listen request to `onRequest`. */
async function startEndpoint(onRequest: (req: IncomingMessage, res: ServerResponse, n: number) => void) {
  let n = 0
  const requests: URL[] = []
  const server: Server = createServer((req, res) => {
    requests.push(new URL(req.url!, 'http://x'))
    onRequest(req, res, n++)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const client = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'AK',
    secretKey: 'SK',
    region: 'us-east-1',
  })
  return {
    server,
    client,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(r)
      }),
  }
}

const record = (key: string) => ({
  eventName: 's3:ObjectCreated:Put',
  eventTime: 't',
  s3: { bucket: { name: 'b' }, object: { key } },
})
const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('listenBucketNotification', () => {
  it('sends repeated events, prefix and suffix, skips keep-alives, emits one notification per record', async () => {
    const ep = await startEndpoint((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write(' ')
      res.write(`${JSON.stringify({ Records: [record('a'), record('b')] })}\n  `)
      res.write(`${JSON.stringify({ Records: [record('c')] }).slice(0, 10)}`)
      setTimeout(() => res.write(`${JSON.stringify({ Records: [record('c')] }).slice(10)}\n`), 20)
    })
    closers.push(ep.close)
    const listener = ep.client.listenBucketNotification('bucket1', 'photos/', '.jpg', [
      's3:ObjectRemoved:*',
      's3:ObjectCreated:*',
    ])
    const keys: string[] = []
    await new Promise<void>((resolve) =>
      listener.on('notification', (r: NotificationRecord) => {
        keys.push(r.s3.object.key)
        if (keys.length === 3) resolve()
      }),
    )
    listener.stop()
    expect(keys).toEqual(['a', 'b', 'c'])
    const url = ep.requests[0]!
    expect(url.pathname).toBe('/bucket1')
    expect(url.searchParams.getAll('events')).toEqual(['s3:ObjectCreated:*', 's3:ObjectRemoved:*'])
    expect([url.searchParams.get('prefix'), url.searchParams.get('suffix')]).toEqual(['photos/', '.jpg'])
  })

  it('stop() closes the connection at once, without waiting for the next chunk', async () => {
    let closedAt = 0
    const ep = await startEndpoint((req, res) => {
      res.writeHead(200)
      res.write(`${JSON.stringify({ Records: [record('a')] })}\n`)
      req.socket.on('close', () => {
        closedAt = Date.now()
      })
    })
    closers.push(ep.close)
    const listener = ep.client.listenBucketNotification('bucket1', '', '', ['s3:ObjectCreated:*'])
    await new Promise((resolve) => listener.once('notification', resolve))
    const stoppedAt = Date.now()
    listener.stop()
    await expect.poll(() => closedAt, { timeout: 1000 }).toBeGreaterThan(0)
    expect(closedAt - stoppedAt).toBeLessThan(200)
    let late = 0
    listener.on('notification', () => late++)
    await new Promise((r) => setTimeout(r, 50))
    expect([late, ep.requests.length]).toEqual([0, 1])
  })

  it('reconnects with backoff after a dropped connection and after a failed request', async () => {
    const ep = await startEndpoint((_req, res, n) => {
      if (n === 0) {
        res.writeHead(200)
        res.end(`${JSON.stringify({ Records: [record('first')] })}\n`) // the server drops the stream
      } else if (n === 1) {
        res.writeHead(503, { 'content-type': 'application/xml' })
        res.end('<Error><Code>ServiceUnavailable</Code><Message>busy</Message></Error>')
      } else {
        res.writeHead(200)
        res.write(`${JSON.stringify({ Records: [record('second')] })}\n`)
      }
    })
    closers.push(ep.close)
    const listener = ep.client.listenBucketNotification('bucket1', '', '', ['s3:ObjectCreated:*'])
    const keys: string[] = []
    const errors: string[] = []
    listener.on('error', (e) => errors.push((e as S3Error).code ?? e.message))
    await new Promise<void>((resolve) =>
      listener.on('notification', (r) => {
        keys.push(r.s3.object.key)
        if (keys.length === 2) resolve()
      }),
    )
    listener.stop()
    expect(keys).toEqual(['first', 'second'])
    expect(errors).toEqual(['ServiceUnavailable'])
    expect(ep.requests).toHaveLength(3)
  })

  it('gives up on a 400 answer (a request that can never succeed), emitting the error', async () => {
    const ep = await startEndpoint((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/xml' })
      res.end(
        '<Error><Code>InvalidArgument</Code><Message>A specified event is not supported</Message></Error>',
      )
    })
    closers.push(ep.close)
    const listener = ep.client.listenBucketNotification('bucket1', '', '', ['s3:Bogus'])
    const error = await new Promise<Error>((resolve) => listener.once('error', resolve))
    expect((error as S3Error).code).toBe('InvalidArgument')
    await new Promise((r) => setTimeout(r, 600))
    expect([listener.stopped, ep.requests.length]).toEqual([true, 1])
  })

  it('checks its arguments like minio-js', () => {
    const client = new Client({ endPoint: '127.0.0.1', port: 1, useSSL: false })
    expect(() => client.listenBucketNotification('bucket1', 1 as unknown as string, '', [])).toThrow(
      TypeError,
    )
    expect(() => client.listenBucketNotification('bucket1', '', '', 'x' as unknown as string[])).toThrow(
      TypeError,
    )
    expect(() => client.listenBucketNotification('B', '', '', [])).toThrow(/bucket/i)
  })
})
