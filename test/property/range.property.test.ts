/**
 * Range and partNumber under hostile input (issue 12): parseRange answers a range inside the
 * object, 'unsatisfiable' or "ignore"; readPartNumber a part number or a 4xx S3 error. Over
 * HTTP, a GET with any Range header answers 200 with the whole object, 206 with exactly the
 * bytes its Content-Range names, or 416 InvalidRange; never a 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPartNumber, selectRange } from '../../src/server/handlers/objects/object-range.js'
import { parseRange } from '../../src/server/handlers/objects/range.js'
import type { ObjectInfo } from '../../src/server/storage/object-layer.js'
import { s3 } from '../server/helpers/signed-request.js'
import { startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { expectNoServerError, parseOrClientError } from './helpers/client-error.js'
import { hostileVariantOf, latin1Text, percentEncode, toHeaderValue } from './helpers/mutate.js'

const VALID_RANGES = ['bytes=0-9', 'bytes=5-', 'bytes=-10', 'bytes=0-0', 'bytes=3-2', 'bytes=0-9,20-29']
const rangeHeader = fc.oneof(
  hostileVariantOf(...VALID_RANGES),
  fc.stringMatching(/^ ?bytes=[0-9]{0,25}-[0-9]{0,25} ?$/),
  latin1Text(60),
)
const objectSize = fc.oneof(
  fc.constantFrom(0, 1, 10, 100),
  fc.nat({ max: 2 ** 40 }),
  fc.constant(5 * 1024 ** 4),
)

describe('Range and partNumber (unit)', () => {
  it('parseRange: a whole-number range inside the object, unsatisfiable, or ignored', () => {
    fc.assert(
      fc.property(rangeHeader, objectSize, (header, size) => {
        const range = parseRange(header, size)
        if (range === undefined || range === 'unsatisfiable') return
        expect(Number.isSafeInteger(range.start)).toBe(true)
        expect(Number.isSafeInteger(range.end)).toBe(true)
        expect(range.start).toBeGreaterThanOrEqual(0)
        expect(range.end).toBeGreaterThanOrEqual(range.start)
        expect(range.end).toBeLessThan(size)
      }),
      { numRuns: 1000 },
    )
  })

  it('readPartNumber + selectRange: a part inside the object, or a 4xx S3 error', () => {
    const partNumber = fc.oneof(hostileVariantOf('1', '10000'), fc.stringMatching(/^[0-9]{1,8}$/))
    const partSizes = fc.option(fc.array(fc.nat({ max: 5 * 1024 ** 3 }), { minLength: 1, maxLength: 20 }), {
      nil: undefined,
    })
    fc.assert(
      fc.property(partNumber, fc.option(rangeHeader, { nil: undefined }), partSizes, (raw, range, parts) => {
        const size = (parts ?? [1000]).reduce((a, b) => a + b, 0)
        const info = { size, ...(parts ? { partSizes: parts } : {}) } as ObjectInfo
        const selection = parseOrClientError(() => {
          const n = readPartNumber({ query: [['partNumber', raw]] }, range === undefined ? {} : { range })
          return selectRange(info, range, n)
        })
        if (selection === undefined) return
        expect(selection.range.start).toBeGreaterThanOrEqual(0)
        expect(selection.range.end).toBeGreaterThanOrEqual(selection.range.start)
        expect(selection.range.end).toBeLessThan(size)
      }),
      { numRuns: 500 },
    )
  })
})

describe('ranged GETs over HTTP (server)', () => {
  let server: TestServer
  const KEY = '/range-property/object'
  const DATA = Buffer.from(Array.from({ length: 100 }, (_, i) => i))

  beforeAll(async () => {
    server = await startTestServer()
    expect((await s3(server.url, 'PUT', '/range-property')).status).toBe(200)
    expect((await s3(server.url, 'PUT', KEY, { body: DATA })).status).toBe(200)
  })
  afterAll(() => server.stop())

  const sendable = rangeHeader.map(toHeaderValue).filter((h) => h.trim() !== '')

  it('answers 200 whole, 206 with exactly the named bytes, or 416 InvalidRange', async () => {
    await fc.assert(
      fc.asyncProperty(sendable, async (range) => {
        const res = await s3(server.url, 'GET', KEY, { headers: { range } })
        const code = expectNoServerError(res)
        if (res.status === 200) expect(res.body.equals(DATA)).toBe(true)
        else if (res.status === 206) {
          const m = /^bytes (\d+)-(\d+)\/100$/.exec(String(res.headers['content-range']))
          expect(m).not.toBeNull()
          expect(res.body.equals(DATA.subarray(Number(m?.[1]), Number(m?.[2]) + 1))).toBe(true)
        } else {
          expect([res.status, code]).toEqual([416, 'InvalidRange'])
          expect(res.headers['content-range']).toBe('bytes */100')
        }
      }),
      { numRuns: 150 },
    )
  })

  it('a hostile partNumber answers a part or a 4xx code', async () => {
    const raw = fc.oneof(hostileVariantOf('1', '2'), fc.stringMatching(/^[0-9]{1,12}$/))
    await fc.assert(
      fc.asyncProperty(raw, async (n) => {
        const res = await s3(server.url, 'GET', `${KEY}?partNumber=${percentEncode(n)}`)
        expectNoServerError(res)
        if (res.status === 200 || res.status === 206) expect(res.body.equals(DATA)).toBe(true)
      }),
      { numRuns: 100 },
    )
  })
})
