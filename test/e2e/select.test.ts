/**
 * S3 Select end to end: the same queries through the Silo SDK, minio-js (`selectObjectContent`)
 * and @aws-sdk/client-s3 (`SelectObjectContentCommand`, whose own event-stream decoder checks
 * our framing and CRCs), on both backends. Every expected record is computed here from the data
 * the test generated.
 */
import { gzipSync } from 'node:zlib'
import { S3Client, SelectObjectContentCommand } from '@aws-sdk/client-s3'
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, type SelectOptions } from '../../src/index.js'
import { BACKENDS } from '../property/helpers/servers.js'
import { ROOT, type TestServer } from '../server/helpers/test-server.js'

const BUCKET = 'select-e2e'
const CITIES = ['Oslo', 'Lima', 'Pune', 'Kyiv', 'Quito']

interface Row {
  id: number
  name: string
  city: string
  score: number
}

// Deterministic data: ids, names with a comma in some (quoted in the CSV), scores with decimals.
const ROWS: Row[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i,
  name: i % 7 === 0 ? `Doe, J${i}` : `name${i}`,
  city: CITIES[(i * 3) % CITIES.length] as string,
  score: ((i * 7919) % 1000) / 10,
}))
const csvField = (v: string | number) => (String(v).includes(',') ? `"${v}"` : String(v))
const CSV = `id,name,city,score\n${ROWS.map((r) => [r.id, r.name, r.city, r.score].map(csvField).join(',')).join('\n')}\n`
const JSON_LINES = `${ROWS.map((r) => JSON.stringify(r)).join('\n')}\n`

/** One client's way to run a query: the records' text, or the error code it surfaces. */
interface Selector {
  name: string
  select(key: string, options: SelectOptions): Promise<string>
  codeOf(error: unknown): string | undefined
}

function clientsFor(server: TestServer): Selector[] {
  const { hostname, port } = new URL(server.url)
  const credentials = { accessKey: ROOT.accessKey, secretKey: ROOT.secretKey }
  const silo = new Client({ endPoint: hostname, port: Number(port), useSSL: false, ...credentials })
  const minio = new Minio.Client({
    endPoint: hostname,
    port: Number(port),
    useSSL: false,
    region: 'us-east-1',
    ...credentials,
  })
  const aws = new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  })
  return [
    {
      name: 'silo',
      select: async (key, options) => {
        const records = (await silo.selectObjectContent(BUCKET, key, options)).getRecords() as Buffer
        return records.toString('utf8')
      },
      codeOf: (e) => (e as { code?: string }).code,
    },
    {
      name: 'minio-js',
      select: async (key, options) => {
        const results = await minio.selectObjectContent(BUCKET, key, options as Minio.SelectOptions)
        const records = results?.getRecords() as Buffer | undefined
        return records ? records.toString('utf8') : ''
      },
      // minio-js throws a plain Error `Code:"message"` for an error message in the stream.
      codeOf: (e) => (e as { code?: string }).code ?? /^(\w+):"/.exec((e as Error).message)?.[1],
    },
    {
      name: 'aws-sdk',
      select: async (key, options) => {
        const out = await aws.send(
          new SelectObjectContentCommand({
            Bucket: BUCKET,
            Key: key,
            Expression: options.expression,
            ExpressionType: 'SQL',
            InputSerialization: options.inputSerialization as never,
            OutputSerialization: options.outputSerialization as never,
            ...(options.scanRange ? { ScanRange: options.scanRange } : {}),
          }),
        )
        let text = ''
        let ended = false
        for await (const event of out.Payload ?? []) {
          if (event.Records?.Payload) text += Buffer.from(event.Records.Payload).toString('utf8')
          if (event.End) ended = true
        }
        if (!ended) throw new Error('no End event')
        return text
      },
      codeOf: (e) => (e as { Code?: string; name?: string }).Code ?? (e as { name?: string }).name,
    },
  ]
}

const csvIn = (extra: Record<string, unknown> = {}) => ({
  CSV: { FileHeaderInfo: 'USE' as const },
  CompressionType: 'NONE' as const,
  ...extra,
})
const lines = (values: string[]) => values.map((v) => `${v}\n`).join('')

describe.each(BACKENDS)('S3 Select through three clients (%s)', (_backend, start) => {
  let server: TestServer
  let clients: Selector[]

  beforeAll(async () => {
    server = await start()
    clients = clientsFor(server)
    const silo = new Client({
      endPoint: new URL(server.url).hostname,
      port: Number(new URL(server.url).port),
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    })
    await silo.makeBucket(BUCKET)
    await silo.putObject(BUCKET, 'rows.csv', CSV)
    await silo.putObject(BUCKET, 'rows.csv.gz', gzipSync(CSV))
    await silo.putObject(BUCKET, 'rows.jsonl', JSON_LINES)
    // Over 128 KiB of output (a Records message goes out) before the row that cannot be cast.
    const good = Array.from({ length: 30_000 }, (_, i) => `${i},${'n'.repeat(12)}${i},Oslo,1.5`).join('\n')
    await silo.putObject(BUCKET, 'bad-late.csv', `id,name,city,score\n${good}\n30000,x,Oslo,not-a-number\n`)
  })
  afterAll(() => server.stop())

  const each = (title: string, run: (client: Selector) => Promise<void>) =>
    it.each(['silo', 'minio-js', 'aws-sdk'])(`${title} (%s)`, async (name) => {
      await run(clients.find((c) => c.name === name)!)
    })

  each('selects CSV columns by header name with a WHERE', async (client) => {
    const got = await client.select('rows.csv', {
      expression:
        "SELECT s.id, s.name FROM S3Object s WHERE s.city = 'Lima' AND CAST(s.score AS FLOAT) >= 50",
      expressionType: 'SQL',
      inputSerialization: csvIn(),
      outputSerialization: { CSV: {} },
    })
    const expected = ROWS.filter((r) => r.city === 'Lima' && r.score >= 50).map(
      (r) => `${r.id},${csvField(r.name)}`,
    )
    expect(expected.length).toBeGreaterThan(10)
    expect(got).toBe(lines(expected))
  })

  each('selects JSON LINES into JSON records, with LIMIT', async (client) => {
    const got = await client.select('rows.jsonl', {
      expression: "SELECT s.id, s.city FROM S3Object s WHERE s.name LIKE 'Doe%' LIMIT 5",
      inputSerialization: { JSON: { Type: 'LINES' }, CompressionType: 'NONE' },
      outputSerialization: { JSON: {} },
    })
    const expected = ROWS.filter((r) => r.name.startsWith('Doe'))
      .slice(0, 5)
      .map((r) => JSON.stringify({ id: r.id, city: r.city }))
    expect(got).toBe(lines(expected))
  })

  each('computes aggregates over gzip input', async (client) => {
    const got = await client.select('rows.csv.gz', {
      expression:
        "SELECT COUNT(*), SUM(CAST(s.id AS INT)), MIN(CAST(s.id AS INT)), MAX(CAST(s.id AS INT)) FROM S3Object s WHERE s.city = 'Oslo'",
      inputSerialization: csvIn({ CompressionType: 'GZIP' }),
      outputSerialization: { CSV: {} },
    })
    const oslo = ROWS.filter((r) => r.city === 'Oslo').map((r) => r.id)
    const sum = oslo.reduce((a, b) => a + b, 0)
    expect(got).toBe(lines([`${oslo.length},${sum},${Math.min(...oslo)},${Math.max(...oslo)}`]))
  })

  each('averages integers', async (client) => {
    const got = await client.select('rows.csv', {
      expression: 'SELECT AVG(CAST(s.id AS INT)) FROM S3Object s WHERE CAST(s.id AS INT) < 10',
      inputSerialization: csvIn(),
      outputSerialization: { JSON: {} },
    })
    expect(JSON.parse(got)).toEqual({ _1: 4.5 })
  })

  each('scans only the records that start inside the ScanRange', async (client) => {
    const plain = `${ROWS.map((r) => `${r.id},${r.city}`).join('\n')}\n`
    await new Client({
      endPoint: new URL(server.url).hostname,
      port: Number(new URL(server.url).port),
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    }).putObject(BUCKET, 'plain.csv', plain)
    const [startOffset, endOffset] = [1000, 2500]
    const got = await client.select('plain.csv', {
      expression: 'SELECT s._1 FROM S3Object s',
      inputSerialization: { CSV: {}, CompressionType: 'NONE' },
      outputSerialization: { CSV: {} },
      scanRange: { Start: startOffset, End: endOffset },
    })
    const expected: string[] = []
    let offset = 0
    for (const r of ROWS) {
      if (offset >= startOffset && offset <= endOffset) expected.push(String(r.id))
      offset += `${r.id},${r.city}\n`.length
    }
    expect(got).toBe(lines(expected))
  })

  each('surfaces a failure after the stream started with its code', async (client) => {
    const error = await client
      .select('bad-late.csv', {
        expression: 'SELECT s.name FROM S3Object s WHERE CAST(s.score AS FLOAT) >= 0',
        inputSerialization: csvIn(),
        outputSerialization: { CSV: {} },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(client.codeOf(error)).toBe('CastFailed')
  })

  it('publishes s3:ObjectAccessed:Get for a select, as MinIO does', async () => {
    const { hostname, port } = new URL(server.url)
    const silo = new Client({ endPoint: hostname, port: Number(port), useSSL: false, ...ROOT })
    await silo.putObject(BUCKET, 'ev/rows.csv', CSV)
    const listener = silo.listenBucketNotification(BUCKET, 'ev/', '', [
      's3:ObjectCreated:*',
      's3:ObjectAccessed:*',
    ])
    const seen: string[] = []
    listener.on('notification', (record) => seen.push(`${record.eventName} ${record.s3.object.key}`))
    try {
      // The subscription is live once a write of the marker is heard.
      await expect
        .poll(
          async () => {
            await silo.putObject(BUCKET, 'ev/marker', 'm')
            return seen.includes('s3:ObjectCreated:Put ev%2Fmarker')
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true)
      await silo.selectObjectContent(BUCKET, 'ev/rows.csv', {
        expression: 'SELECT COUNT(*) FROM S3Object',
        inputSerialization: csvIn(),
        outputSerialization: { CSV: {} },
      })
      await expect
        .poll(() => seen.filter((e) => e.startsWith('s3:ObjectAccessed')), { timeout: 10_000 })
        .toEqual(['s3:ObjectAccessed:Get ev%2Frows.csv'])
    } finally {
      listener.stop()
    }
  })

  each('surfaces a bad expression as an S3 error before any stream', async (client) => {
    const error = await client
      .select('rows.csv', {
        expression: 'SELECT FROM S3Object WHERE',
        inputSerialization: csvIn(),
        outputSerialization: { CSV: {} },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(client.codeOf(error)).toMatch(/^Parse/)
  })
})
