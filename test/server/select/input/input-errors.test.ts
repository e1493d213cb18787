import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compileSelect, type SelectRequest } from '../../../../src/server/select/index.js'
import { csvRequest, jsonRequest } from '../engine-helpers.js'

/** Runs `request` over a stream that yields `first` and then fails as a storage read might. */
async function failingRead(request: SelectRequest, first: Uint8Array): Promise<unknown> {
  const failure = Object.assign(new Error('drive went away'), { code: 'EIO' })
  async function* input() {
    yield first
    throw failure
  }
  const stats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
  try {
    for await (const _ of compileSelect(request).run(input(), stats)) {
      // drain
    }
  } catch (e) {
    return e === failure ? 'the storage error itself' : (e as Error).message
  }
  return 'no error'
}

describe('an error reading the object', () => {
  const gz = (r: SelectRequest): SelectRequest => ({ ...r, input: { ...r.input, compression: 'GZIP' } })
  const bz = (r: SelectRequest): SelectRequest => ({ ...r, input: { ...r.input, compression: 'BZIP2' } })
  const cases: [string, SelectRequest, Uint8Array][] = [
    ['CSV', csvRequest('SELECT * FROM S3Object'), Buffer.from('a,b\n')],
    ['JSON', jsonRequest('SELECT * FROM S3Object'), Buffer.from('{"a":1}\n')],
    ['gzip CSV', gz(csvRequest('SELECT * FROM S3Object')), gzipSync('a,b\n').subarray(0, 10)],
    ['bzip2 CSV', bz(csvRequest('SELECT * FROM S3Object')), Buffer.from('BZh9')],
  ]
  it.each(cases)('%s: reaches the caller as it is, not as a parsing error', async (_name, request, first) => {
    expect(await failingRead(request, first)).toBe('the storage error itself')
  })
})
