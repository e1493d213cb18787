// Shared by the events-* scenarios: an in-process Silo server from dist/ with a given
// `notify`, webhook sinks, and the SDK client from dist/. (Scenario helpers stay beside the
// scenarios; bench/lib is the harness's.)
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { siloSdkEntry, siloServerEntry } from '../lib/paths.mjs'

export const ROOT = { rootUser: 'benchevents', rootPassword: 'benchevents-secret' }

/** A webhook endpoint counting the events it received. */
export async function startSink() {
  const sink = { count: 0, url: '', server: undefined }
  sink.server = createHttpServer((req, res) => {
    req.resume()
    req.on('end', () => {
      sink.count++
      res.writeHead(200).end()
    })
  })
  await new Promise((resolve) => sink.server.listen(0, '127.0.0.1', resolve))
  sink.url = `http://127.0.0.1:${sink.server.address().port}/`
  sink.close = () =>
    new Promise((resolve) => {
      sink.server.closeAllConnections()
      sink.server.close(resolve)
    })
  return sink
}

/** Starts a quiet Silo server (from dist/) over a fresh folder; returns it with an SDK client. */
export async function startSilo(notify) {
  const { createServer } = await import(pathToFileURL(siloServerEntry()).href)
  const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
  const dir = mkdtempSync(join(tmpdir(), 'silo-bench-events-'))
  const logger = { info() {}, warn() {}, error() {} }
  const server = createServer({
    dir: join(dir, 'data'),
    address: '127.0.0.1:0',
    quiet: true,
    logger,
    notify,
    ...ROOT,
  })
  const { port } = await server.start()
  const client = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: ROOT.rootUser,
    secretKey: ROOT.rootPassword,
  })
  return {
    dir,
    client,
    async stop() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** XML for queue rules: one per ARN, each with its own key prefix (rules may not overlap). */
export function rulesXml(arns, prefixes = arns.map(() => '')) {
  const rules = arns.map(
    (arn, i) =>
      `<QueueConfiguration><Queue>${arn}</Queue><Event>s3:ObjectCreated:*</Event>${
        prefixes[i]
          ? `<Filter><S3Key><FilterRule><Name>prefix</Name><Value>${prefixes[i]}</Value></FilterRule></S3Key></Filter>`
          : ''
      }</QueueConfiguration>`,
  )
  return `<NotificationConfiguration>${rules.join('')}</NotificationConfiguration>`
}

/** Sets the bucket's rules with the SDK's plain-object form. */
export async function setRules(client, bucket, arns, prefixes = arns.map(() => '')) {
  await client.setBucketNotification(bucket, {
    QueueConfiguration: arns.map((arn, i) => ({
      Queue: arn,
      Event: ['s3:ObjectCreated:*'],
      ...(prefixes[i] ? { Filter: { S3Key: { FilterRule: [{ Name: 'prefix', Value: prefixes[i] }] } } } : {}),
    })),
  })
}

/** The p-th percentile (0..1) of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
}

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitFor(check, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return false
}

/** A TCP forwarder on a fixed free port to `targetPort`, off until `on()`: a service "coming back". */
export async function createSwitchableProxy(targetPort) {
  const { createServer, Socket } = await import('node:net')
  const probe = createServer()
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = probe.address().port
  await new Promise((resolve) => probe.close(resolve))
  let server
  const sockets = new Set()
  return {
    port,
    async on() {
      server = createServer((socket) => {
        const upstream = new Socket().connect(targetPort, '127.0.0.1')
        for (const s of [socket, upstream]) {
          sockets.add(s)
          s.on('error', () => s.destroy())
          s.on('close', () => sockets.delete(s))
        }
        socket.pipe(upstream).pipe(socket)
      })
      await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
    },
    async off() {
      for (const s of sockets) s.destroy()
      if (server) await new Promise((resolve) => server.close(resolve))
      server = undefined
    },
  }
}
