/**
 * The server's event-stream encoder against the SDK's decoder, and both against the format's
 * fixed facts (prelude layout, CRC-32 check value), so neither side can agree with the other on
 * a wrong framing: the AWS SDK's own decoder checks the same frames in test/e2e/select.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { decodeEventStream } from '../../../src/sdk/operations/select/decode-event-stream.js'
import { crc32 as serverCrc32 } from '../../../src/server/crc32.js'
import {
  contMessage,
  encodeMessage,
  endMessage,
  errorMessage,
  recordsMessage,
  statsMessage,
} from '../../../src/server/handlers/select/event-stream.js'
import { crc32 } from '../../../src/shared/crc32.js'

async function decodeAll(chunks: Uint8Array[]) {
  const out = []
  for await (const message of decodeEventStream(
    (async function* () {
      yield* chunks
    })(),
  ))
    out.push(message)
  return out
}

describe('CRC-32', () => {
  it('gives the check value of "123456789" (table and native) and continues from a previous CRC', () => {
    const data = Buffer.from('123456789')
    expect(crc32(data)).toBe(0xcbf43926)
    expect(serverCrc32(data)).toBe(0xcbf43926)
    expect(crc32(data.subarray(4), crc32(data.subarray(0, 4)))).toBe(0xcbf43926)
    expect(serverCrc32(data.subarray(4), serverCrc32(data.subarray(0, 4)))).toBe(0xcbf43926)
  })
})

describe('event-stream messages', () => {
  it('lays out the prelude, string headers, payload and both CRCs', () => {
    const message = encodeMessage([[':event-type', 'Records']], Buffer.from('a,b\n'))
    const headers = Buffer.concat([
      Buffer.from([11]),
      Buffer.from(':event-type'),
      Buffer.from([7, 0, 7]),
      Buffer.from('Records'),
    ])
    expect(message.readUInt32BE(0)).toBe(message.length)
    expect(message.readUInt32BE(4)).toBe(headers.length)
    expect(message.readUInt32BE(8)).toBe(crc32(message.subarray(0, 8)))
    expect(message.subarray(12, 12 + headers.length)).toEqual(headers)
    expect(message.subarray(12 + headers.length, message.length - 4).toString()).toBe('a,b\n')
    expect(message.readUInt32BE(message.length - 4)).toBe(crc32(message.subarray(0, message.length - 4)))
  })

  it('decodes every kind the server sends, split at any byte', async () => {
    const stats = { bytesScanned: 10, bytesProcessed: 20, bytesReturned: 4 }
    const stream = Buffer.concat([
      recordsMessage(Buffer.from('x,y\n')),
      contMessage(),
      statsMessage(stats),
      endMessage(),
    ])
    for (const step of [1, 3, 7, 64, stream.length]) {
      const chunks: Uint8Array[] = []
      for (let i = 0; i < stream.length; i += step) chunks.push(stream.subarray(i, i + step))
      const messages = await decodeAll(chunks)
      expect(messages.map((m) => m.headers[':event-type'])).toEqual(['Records', 'Cont', 'Stats', 'End'])
      expect(messages.every((m) => m.headers[':message-type'] === 'event')).toBe(true)
      expect(messages[0]!.headers[':content-type']).toBe('application/octet-stream')
      expect(Buffer.from(messages[0]!.payload).toString()).toBe('x,y\n')
      expect(messages[2]!.headers[':content-type']).toBe('text/xml')
      expect(Buffer.from(messages[2]!.payload).toString()).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><Stats><BytesScanned>10</BytesScanned>' +
          '<BytesProcessed>20</BytesProcessed><BytesReturned>4</BytesReturned></Stats>',
      )
      expect(messages[3]!.payload.length).toBe(0)
    }
  })

  it('carries an error code and message in an error message', async () => {
    const [message] = await decodeAll([errorMessage('CSVParsingError', 'bad quote at line 3')])
    expect(message!.headers).toEqual({
      ':error-code': 'CSVParsingError',
      ':error-message': 'bad quote at line 3',
      ':message-type': 'error',
    })
  })

  it('refuses a flipped payload bit, a flipped prelude bit and a truncated stream', async () => {
    const good = recordsMessage(Buffer.from('hello'))
    const payloadFlip = Buffer.from(good)
    payloadFlip[good.length - 6]! ^= 1
    await expect(decodeAll([payloadFlip])).rejects.toMatchObject({
      code: 'ERR_EVENT_STREAM',
      message: /message CRC/,
    })
    const preludeFlip = Buffer.from(good)
    preludeFlip[2]! ^= 1
    await expect(decodeAll([preludeFlip])).rejects.toMatchObject({ message: /prelude CRC/ })
    await expect(decodeAll([good.subarray(0, good.length - 1)])).rejects.toMatchObject({
      message: /ended inside/,
    })
  })
})
