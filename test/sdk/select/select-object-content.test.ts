/**
 * selectObjectContent on the wire (msw): the request minio-js sends (query, element order,
 * escaping), records gathered from every Records message, Stats and Progress, an error message
 * → S3Error with its code, a damaged or cut stream → NetworkError, minio-js's argument checks,
 * and the callback form. Frames are built here with node:zlib's CRC-32, apart from both the
 * server's encoder and the SDK's decoder.
 */
import { crc32 } from 'node:zlib'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { type SelectOptions, SelectResults } from '../../../src/index.js'
import { resolveClientOptions } from '../../../src/sdk/client-options.js'
import { selectObjectContent } from '../../../src/sdk/operations/select/select-object-content.js'
import { platform as browserPlatform } from '../../../src/sdk/platform/browser.js'
import { Transport } from '../../../src/sdk/transport/transport.js'
import { MOCK_BASE, mockClient, useMockServer } from '../support/msw.js'

const { server, seen } = useMockServer()

function frame(headers: Record<string, string>, payload = ''): Buffer {
  const head = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const v = Buffer.from(value)
      const length = Buffer.alloc(2)
      length.writeUInt16BE(v.length)
      return Buffer.concat([Buffer.from([name.length]), Buffer.from(name), Buffer.from([7]), length, v])
    }),
  )
  const body = Buffer.from(payload)
  const prelude = Buffer.alloc(12)
  prelude.writeUInt32BE(12 + head.length + body.length + 4, 0)
  prelude.writeUInt32BE(head.length, 4)
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8)
  const message = Buffer.concat([prelude, head, body])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(message))
  return Buffer.concat([message, crc])
}

const records = (text: string) =>
  frame(
    { ':event-type': 'Records', ':content-type': 'application/octet-stream', ':message-type': 'event' },
    text,
  )
const stats = (xml: string) =>
  frame({ ':event-type': 'Stats', ':content-type': 'text/xml', ':message-type': 'event' }, xml)
const progress = (xml: string) =>
  frame({ ':event-type': 'Progress', ':content-type': 'text/xml', ':message-type': 'event' }, xml)
const cont = () => frame({ ':event-type': 'Cont', ':message-type': 'event' })
const end = () => frame({ ':event-type': 'End', ':message-type': 'event' })

function answer(...frames: Buffer[]) {
  const body = Buffer.concat(frames)
  server.use(http.post(`${MOCK_BASE}/logs/people.csv`, () => new HttpResponse(body, { status: 200 })))
  return body
}

const OPTIONS: SelectOptions = {
  expression: "SELECT s.name FROM S3Object s WHERE s.city = 'A&B' AND s.n < 3",
  expressionType: 'SQL',
  inputSerialization: { CSV: { FileHeaderInfo: 'USE', FieldDelimiter: ',' }, CompressionType: 'NONE' },
  outputSerialization: { JSON: { RecordDelimiter: '\n' } },
  requestProgress: { Enabled: true },
  scanRange: { Start: 0, End: 99 },
}

describe('selectObjectContent', () => {
  it("sends minio-js's request document and gathers every Records message", async () => {
    const body = answer(
      records('{"name":"a"}\n'),
      cont(),
      progress('<Progress><BytesScanned>5</BytesScanned></Progress>'),
      records('{"name":"b"}\n'),
      stats('<Stats><BytesScanned>10</BytesScanned></Stats>'),
      end(),
    )
    const results = await mockClient().selectObjectContent('logs', 'people.csv', OPTIONS)
    const request = seen[0]!
    expect(request.method).toBe('POST')
    expect([...request.url.searchParams]).toEqual([
      ['select-type', '2'],
      ['select', ''],
    ])
    expect(new TextDecoder().decode(await request.body)).toBe(
      '<SelectObjectContentRequest>' +
        '<Expression>SELECT s.name FROM S3Object s WHERE s.city = &#39;A&#38;B&#39; AND s.n &#60; 3</Expression>' +
        '<ExpressionType>SQL</ExpressionType>' +
        '<InputSerialization><CSV><FileHeaderInfo>USE</FileHeaderInfo><FieldDelimiter>,</FieldDelimiter></CSV>' +
        '<CompressionType>NONE</CompressionType></InputSerialization>' +
        '<OutputSerialization><JSON><RecordDelimiter>\n</RecordDelimiter></JSON></OutputSerialization>' +
        '<RequestProgress><Enabled>true</Enabled></RequestProgress>' +
        '<ScanRange><Start>0</Start><End>99</End></ScanRange>' +
        '</SelectObjectContentRequest>',
    )
    expect(results).toBeInstanceOf(SelectResults)
    expect(Buffer.isBuffer(results.getRecords())).toBe(true)
    expect(String(results.getRecords())).toBe('{"name":"a"}\n{"name":"b"}\n')
    expect(results.getStats()).toBe('<Stats><BytesScanned>10</BytesScanned></Stats>')
    expect(results.getProgress()).toBe('<Progress><BytesScanned>5</BytesScanned></Progress>')
    expect(Buffer.compare(results.getResponse() as Buffer, body)).toBe(0)
  })

  it('rejects with an S3Error of the code an error message carries', async () => {
    answer(
      records('x\n'),
      frame({
        ':error-code': 'CastFailed',
        ':error-message': 'Attempt to convert failed',
        ':message-type': 'error',
      }),
    )
    await expect(mockClient().selectObjectContent('logs', 'people.csv', OPTIONS)).rejects.toMatchObject({
      name: 'S3Error',
      code: 'CastFailed',
      message: 'Attempt to convert failed',
      bucketName: 'logs',
      key: 'people.csv',
    })
  })

  it('rejects a damaged message and a stream cut before End with a NetworkError', async () => {
    const damaged = records('hello')
    damaged[damaged.length - 6]! ^= 0x20
    answer(damaged, end())
    await expect(mockClient().selectObjectContent('logs', 'people.csv', OPTIONS)).rejects.toMatchObject({
      name: 'NetworkError',
      code: 'ERR_EVENT_STREAM',
    })
    answer(records('a\n'), stats('<Stats/>'))
    await expect(mockClient().selectObjectContent('logs', 'people.csv', OPTIONS)).rejects.toMatchObject({
      name: 'NetworkError',
      message: /ended before its End/,
    })
  })

  it('works on the browser platform (fetch, LightReadable body), message split across chunks', async () => {
    const body = Buffer.concat([records('one\n'), records('two\n'), stats('<Stats/>'), end()])
    server.use(
      http.post(
        `${MOCK_BASE}/logs/people.csv`,
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                for (let i = 0; i < body.length; i += 5)
                  controller.enqueue(new Uint8Array(body.subarray(i, i + 5)))
                controller.close()
              },
            }),
          ),
      ),
    )
    const transport = new Transport(
      resolveClientOptions({
        endPoint: 'localhost',
        port: 9000,
        useSSL: false,
        accessKey: 'AK',
        secretKey: 'SECRET',
        region: 'us-east-1',
      }),
      browserPlatform,
    )
    const results = await selectObjectContent(transport, 'logs', 'people.csv', OPTIONS)
    expect(new TextDecoder().decode(results.getRecords() as Uint8Array)).toBe('one\ntwo\n')
    expect(results.getStats()).toBe('<Stats/>')
  })

  it('answers through a callback', async () => {
    answer(records('r\n'), end())
    const result = await new Promise<SelectResults>((resolve, reject) =>
      mockClient().selectObjectContent('logs', 'people.csv', OPTIONS, (err, res) =>
        err ? reject(err) : resolve(res),
      ),
    )
    expect(String(result.getRecords())).toBe('r\n')
  })

  it.each([
    ['no options', undefined, 'valid select configuration is required'],
    ['empty options', {}, 'valid select configuration is required'],
    [
      'a non-string expression',
      { expression: 1, inputSerialization: { CSV: {} } },
      'sqlExpression should be of type "string"',
    ],
    [
      'no inputSerialization',
      { expression: 'SELECT 1', outputSerialization: { CSV: {} } },
      'inputSerialization is required',
    ],
    [
      'no outputSerialization',
      { expression: 'SELECT 1', inputSerialization: { CSV: {} } },
      'outputSerialization is required',
    ],
  ])('throws minio-js TypeError for %s, sending nothing', async (_case, options, message) => {
    await expect(
      mockClient().selectObjectContent('logs', 'people.csv', options as unknown as SelectOptions),
    ).rejects.toThrow(new TypeError(message))
    expect(seen).toHaveLength(0)
  })
})
