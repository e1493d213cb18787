/**
 * A recording HTTP server for wire tests that compare what the Silo SDK and minio-js send (msw
 * does not see minio-js's requests): it keeps every request and answers with `answer`, reset
 * after each test. Clients for it come from `clients()`.
 * @example
 * const rec = useRecorder()
 * it('sends', async () => { rec.answer = { status: 200, body: '<X/>' }; await rec.clients().silo.listBuckets() })
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as Minio from 'minio'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { Client } from '../../../src/index.js'

/** A request as the recorder saw it. */
export interface Seen {
  method: string
  url: URL
  headers: http.IncomingHttpHeaders
  body: string
}

/** What the recorder answers: a status and an optional XML body. */
export interface Answer {
  status: number
  body?: string
}

/** The recorder of a test file. */
export interface Recorder {
  readonly seen: Seen[]
  answer: Answer
  /** A Silo client (also typed as minio-js's) and a minio-js client for the recorder. */
  clients(): { silo: Client; siloAsMinio: Minio.Client; minio: Minio.Client }
}

/** Starts the recorder for the calling test file (beforeAll / afterAll). */
export function useRecorder(): Recorder {
  let server: http.Server | undefined
  let port = 0
  const recorder: Recorder = {
    seen: [],
    answer: { status: 200 },
    clients() {
      const options = {
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: 'AK',
        secretKey: 'SK',
        region: 'us-east-1',
      }
      const silo = new Client(options)
      return { silo, siloAsMinio: silo as unknown as Minio.Client, minio: new Minio.Client(options) }
    },
  }
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        recorder.seen.push({
          method: req.method ?? '',
          url: new URL(req.url ?? '/', 'http://localhost'),
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        })
        const { status, body } = recorder.answer
        res.writeHead(status, body ? { 'content-type': 'application/xml' } : {})
        res.end(body)
      })
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterEach(() => {
    recorder.seen.length = 0
    recorder.answer = { status: 200 }
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })
  return recorder
}
