import { execFileSync, spawnSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { SelectRequest } from '../../../../src/server/select/index.js'
import { csvRequest, errorCode, jsonRequest, runSelect, selectJson } from '../engine-helpers.js'

const hasBzip2 = spawnSync('bzip2', ['--help']).status === 0

function compressed(request: SelectRequest, compression: 'GZIP' | 'BZIP2'): SelectRequest {
  return { ...request, input: { ...request.input, compression } }
}

const rows = Array.from({ length: 5000 }, (_, i) => `${i},name${i},${i % 7}`)
const data = `${rows.join('\n')}\n`
const expected = rows.filter((r) => r.endsWith(',3')).map((r) => ({ _2: r.split(',')[1] }))
const query = csvRequest('SELECT _2 FROM S3Object WHERE _3 = 3')

describe('GZIP input', () => {
  it('selects the same records as from the plain text; Stats count compressed and plain bytes', async () => {
    const gz = gzipSync(data)
    const { text, stats } = await runSelect(compressed(query, 'GZIP'), gz, 1000)
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(expected)
    expect(stats).toEqual({
      bytesScanned: gz.length,
      bytesProcessed: Buffer.byteLength(data),
      bytesReturned: Buffer.byteLength(text),
    })
  })

  it('reads concatenated gzip members (as `cat a.gz b.gz` makes)', async () => {
    const gz = Buffer.concat([gzipSync('{"a":1}\n'), gzipSync('{"a":2}\n')])
    expect(await selectJson(compressed(jsonRequest('SELECT s.a FROM S3Object s'), 'GZIP'), gz)).toEqual([
      { a: 1 },
      { a: 2 },
    ])
  })

  it('bytes that are not gzip are InvalidCompressionFormat', async () => {
    expect(await errorCode(() => selectJson(compressed(query, 'GZIP'), data))).toBe(
      'InvalidCompressionFormat',
    )
  })
})

describe.skipIf(!hasBzip2)('BZIP2 input (fixtures made with the bzip2 command)', () => {
  it('selects the same records as from the plain text', async () => {
    const bz = execFileSync('bzip2', ['-c'], { input: data })
    const { text, stats } = await runSelect(compressed(query, 'BZIP2'), bz, 777)
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(expected)
    expect(stats.bytesScanned).toBe(bz.length)
    expect(stats.bytesProcessed).toBe(Buffer.byteLength(data))
  })

  it('JSON over bzip2 with several blocks (-1: 100 kB blocks)', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ i, s: `v${i}` })).join('\n')
    const bz = execFileSync('bzip2', ['-c', '-1'], { input: lines })
    const out = await selectJson(
      compressed(jsonRequest('SELECT COUNT(*) AS n, SUM(s.i) AS total FROM S3Object s'), 'BZIP2'),
      bz,
    )
    expect(out).toEqual([{ n: 20_000, total: (19_999 * 20_000) / 2 }])
  })

  it('bytes that are not bzip2 are InvalidCompressionFormat', async () => {
    expect(await errorCode(() => selectJson(compressed(query, 'BZIP2'), data))).toBe(
      'InvalidCompressionFormat',
    )
  })
})
