/**
 * SelectObjectContent on the wire, on both backends: the request's defaults and error codes
 * (XML errors before the stream starts), the event stream's messages (Records, Progress, Stats,
 * End; an error message once records were sent), the counters, ScanRange and gzip input. The
 * expected records are computed here from the data the test generated.
 */
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { counter, outcomeOf, postSelect, selectXml } from './select-helpers.js'

const BUCKET = 'select-wire'
const CITIES = ['Oslo', 'Lima', 'Pune', 'Kyiv']

interface Person {
  name: string
  age: number
  city: string
}

const PEOPLE: Person[] = Array.from({ length: 500 }, (_, i) => ({
  name: `person${i}`,
  age: (i * 37) % 90,
  city: CITIES[i % CITIES.length] as string,
}))
const CSV = `name,age,city\n${PEOPLE.map((p) => `${p.name},${p.age},${p.city}`).join('\n')}\n`
const JSON_LINES = PEOPLE.map((p) => JSON.stringify(p)).join('\n')

describe.each(BACKENDS)('SelectObjectContent (%s)', (_name, start) => {
  let server: TestServer
  let url: string

  beforeAll(async () => {
    server = await start()
    url = server.url
    expect((await s3(url, 'PUT', `/${BUCKET}`)).status).toBe(200)
    for (const [key, body] of [
      ['people.csv', CSV],
      ['people.json', JSON_LINES],
    ] as const) {
      expect((await s3(url, 'PUT', `/${BUCKET}/${key}`, { body })).status).toBe(200)
    }
    const gz = gzipSync(CSV)
    expect((await s3(url, 'PUT', `/${BUCKET}/people.csv.gz`, { body: gz })).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('selects CSV columns with a header and a WHERE, and reports the counters in Stats', async () => {
    const res = await postSelect(
      url,
      BUCKET,
      'people.csv',
      selectXml({
        expression: "SELECT s.name, s.age FROM S3Object s WHERE s.city = 'Oslo' AND CAST(s.age AS INT) > 40",
        input: '<CSV><FileHeaderInfo>USE</FileHeaderInfo></CSV><CompressionType>NONE</CompressionType>',
      }),
    )
    const outcome = await outcomeOf(res)
    const expected = PEOPLE.filter((p) => p.city === 'Oslo' && p.age > 40)
      .map((p) => `${p.name},${p.age}\n`)
      .join('')
    expect(expected.length).toBeGreaterThan(0)
    expect(outcome.records).toBe(expected)
    expect(outcome.kinds.slice(-2)).toEqual(['Stats', 'End'])
    expect(counter(outcome.stats, 'BytesScanned')).toBe(Buffer.byteLength(CSV))
    expect(counter(outcome.stats, 'BytesReturned')).toBe(Buffer.byteLength(expected))
  })

  it("applies S3's defaults: no header row, comma and newline, '#' comment lines skipped", async () => {
    const body = 'a,1\n#not a record\nb,2\n'
    expect((await s3(url, 'PUT', `/${BUCKET}/defaults.csv`, { body })).status).toBe(200)
    const res = await postSelect(
      url,
      BUCKET,
      'defaults.csv',
      selectXml({ expression: 'SELECT s._2, s._1 FROM S3Object s' }),
    )
    expect((await outcomeOf(res)).records).toBe('1,a\n2,b\n')
  })

  it('selects JSON LINES into JSON records', async () => {
    const res = await postSelect(
      url,
      BUCKET,
      'people.json',
      selectXml({
        expression: "SELECT s.name FROM S3Object s WHERE s.city = 'Lima' LIMIT 3",
        input: '<JSON><Type>LINES</Type></JSON>',
        output: '<JSON/>',
      }),
    )
    const expected = PEOPLE.filter((p) => p.city === 'Lima')
      .slice(0, 3)
      .map((p) => `${JSON.stringify({ name: p.name })}\n`)
      .join('')
    expect((await outcomeOf(res)).records).toBe(expected)
  })

  it('reads gzip input; BytesScanned counts the compressed bytes, BytesProcessed the plain ones', async () => {
    const res = await postSelect(
      url,
      BUCKET,
      'people.csv.gz',
      selectXml({
        expression: 'SELECT COUNT(*), SUM(CAST(s.age AS INT)) FROM S3Object s',
        input: '<CSV><FileHeaderInfo>USE</FileHeaderInfo></CSV><CompressionType>GZIP</CompressionType>',
      }),
    )
    const outcome = await outcomeOf(res)
    const sum = PEOPLE.reduce((total, p) => total + p.age, 0)
    expect(outcome.records).toBe(`${PEOPLE.length},${sum}\n`)
    expect(counter(outcome.stats, 'BytesScanned')).toBe(gzipSync(CSV).length)
    expect(counter(outcome.stats, 'BytesProcessed')).toBe(Buffer.byteLength(CSV))
  })

  it('sends Progress when RequestProgress is enabled', async () => {
    const res = await postSelect(
      url,
      BUCKET,
      'people.csv',
      selectXml({
        expression: 'SELECT COUNT(*) FROM S3Object',
        extra: '<RequestProgress><Enabled>TRUE</Enabled></RequestProgress>',
      }),
    )
    const outcome = await outcomeOf(res)
    expect(outcome.progress.length).toBeGreaterThan(0)
    expect(counter(outcome.progress.at(-1), 'BytesScanned')).toBe(Buffer.byteLength(CSV))
    expect(outcome.kinds.indexOf('Progress')).toBeLessThan(outcome.kinds.indexOf('Stats'))
  })

  it('scans only the ScanRange: the records that start inside it', async () => {
    const lines = CSV.split('\n').slice(1, -1)
    // Records start inside [start, end]; the one that starts inside is read to its end.
    const start = Buffer.byteLength(CSV.split('\n')[0] as string) + 1 + 100
    const end = start + 300
    const res = await postSelect(
      url,
      BUCKET,
      'people.csv',
      selectXml({
        expression: 'SELECT s._1 FROM S3Object s',
        extra: `<ScanRange><Start>${start}</Start><End>${end}</End></ScanRange>`,
      }),
    )
    let offset = Buffer.byteLength(CSV.split('\n')[0] as string) + 1
    const expected: string[] = []
    for (const line of lines) {
      // A record belongs to the range when its first byte is inside it (S3's rule), the first
      // one after `start`'s partial record included.
      if (offset > start - 1 && offset <= end) expected.push(`${line.split(',')[0]}\n`)
      offset += Buffer.byteLength(line) + 1
    }
    expect(expected.length).toBeGreaterThan(3)
    expect((await outcomeOf(res)).records).toBe(expected.join(''))
  })

  it('ends the stream with an error message when a record fails after records were sent', async () => {
    const good = Array.from({ length: 40_000 }, (_, i) => `${i},${'x'.repeat(20)}`).join('\n')
    const body = `${good}\nnot-a-number,y\n`
    expect((await s3(url, 'PUT', `/${BUCKET}/late-error.csv`, { body })).status).toBe(200)
    const res = await postSelect(
      url,
      BUCKET,
      'late-error.csv',
      selectXml({ expression: 'SELECT s._2 FROM S3Object s WHERE CAST(s._1 AS INT) >= 0' }),
    )
    const outcome = await outcomeOf(res)
    expect(outcome.kinds[0]).toBe('Records')
    expect(outcome.kinds.at(-1)).toBe('error')
    expect(outcome.kinds).not.toContain('End')
    expect(outcome.error?.code).toBe('CastFailed')
  })

  it.each([
    ['no Expression', selectXml({}), 400, 'MissingRequiredParameter'],
    [
      'no ExpressionType',
      selectXml({ expression: 'SELECT * FROM S3Object', expressionType: '' }),
      400,
      'MissingRequiredParameter',
    ],
    [
      'ExpressionType XPATH',
      selectXml({ expression: 'SELECT * FROM S3Object', expressionType: 'XPATH' }),
      400,
      'InvalidExpressionType',
    ],
    [
      'no InputSerialization',
      selectXml({ expression: 'SELECT * FROM S3Object', input: '' }),
      400,
      'MissingRequiredParameter',
    ],
    [
      'no OutputSerialization',
      selectXml({ expression: 'SELECT * FROM S3Object', output: '' }),
      400,
      'MissingRequiredParameter',
    ],
    [
      'CSV and JSON input',
      selectXml({ expression: 'SELECT * FROM S3Object', input: '<CSV/><JSON/>' }),
      400,
      'ObjectSerializationConflict',
    ],
    [
      'no input format',
      selectXml({ expression: 'SELECT * FROM S3Object', input: '<CompressionType>NONE</CompressionType>' }),
      400,
      'InvalidDataSource',
    ],
    [
      'Parquet input',
      selectXml({ expression: 'SELECT * FROM S3Object', input: '<Parquet/>' }),
      501,
      'NotImplemented',
    ],
    [
      'CompressionType ZIP',
      selectXml({
        expression: 'SELECT * FROM S3Object',
        input: '<CSV/><CompressionType>ZIP</CompressionType>',
      }),
      400,
      'InvalidCompressionFormat',
    ],
    [
      'FileHeaderInfo MAYBE',
      selectXml({
        expression: 'SELECT * FROM S3Object',
        input: '<CSV><FileHeaderInfo>MAYBE</FileHeaderInfo></CSV>',
      }),
      400,
      'InvalidFileHeaderInfo',
    ],
    [
      'JSON Type TREE',
      selectXml({ expression: 'SELECT * FROM S3Object', input: '<JSON><Type>TREE</Type></JSON>' }),
      400,
      'InvalidJsonType',
    ],
    [
      'QuoteFields SOMETIMES',
      selectXml({
        expression: 'SELECT * FROM S3Object',
        output: '<CSV><QuoteFields>SOMETIMES</QuoteFields></CSV>',
      }),
      400,
      'InvalidQuoteFields',
    ],
    [
      'a 2-character FieldDelimiter',
      selectXml({
        expression: 'SELECT * FROM S3Object',
        input: '<CSV><FieldDelimiter>;;</FieldDelimiter></CSV>',
      }),
      400,
      'InvalidRequestParameter',
    ],
    [
      'ScanRange Start after End',
      selectXml({
        expression: 'SELECT * FROM S3Object',
        extra: '<ScanRange><Start>10</Start><End>5</End></ScanRange>',
      }),
      400,
      'InvalidRequestParameter',
    ],
    [
      'ScanRange Start -1',
      selectXml({ expression: 'SELECT * FROM S3Object', extra: '<ScanRange><Start>-1</Start></ScanRange>' }),
      400,
      'InvalidRequestParameter',
    ],
    [
      'RequestProgress Enabled maybe',
      selectXml({
        expression: 'SELECT * FROM S3Object',
        extra: '<RequestProgress><Enabled>maybe</Enabled></RequestProgress>',
      }),
      400,
      'MalformedXML',
    ],
    [
      'another root element',
      '<SelectRequest><Expression>SELECT * FROM S3Object</Expression></SelectRequest>',
      400,
      'MalformedXML',
    ],
    ['bad SQL', selectXml({ expression: 'SELECT FROM WHERE' }), 400, undefined],
  ])('answers %s with an XML error before any stream', async (_case, body, status, code) => {
    const res = await postSelect(url, BUCKET, 'people.csv', body)
    expect(res.status).toBe(status)
    expect(res.headers['content-type']).toBe('application/xml')
    if (code) expect(xmlField(res.text, 'Code')).toBe(code)
    else expect(xmlField(res.text, 'Code')).toMatch(/^(Parse|Lexer|Unsupported)/)
  })

  it('answers NoSuchKey for a missing object, after checking the query', async () => {
    const res = await postSelect(
      url,
      BUCKET,
      'missing.csv',
      selectXml({ expression: 'SELECT * FROM S3Object' }),
    )
    expect(res.status).toBe(404)
    expect(xmlField(res.text, 'Code')).toBe('NoSuchKey')
  })
})
