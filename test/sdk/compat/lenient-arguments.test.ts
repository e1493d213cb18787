/**
 * The lenient argument forms minio-js accepts for putObject and fPutObject, called with the same
 * arguments through the Silo SDK and minio-js; each stored object is then stat'ed and read back.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { both, normalise, readAll, useCompatServer } from './helpers.js'

const env = useCompatServer()
type Call = (client: Minio.Client, bucket: string, key: string) => Promise<unknown>
const put = (c: Minio.Client) => c.putObject as (...args: unknown[]) => Promise<unknown>
const fput = (c: Minio.Client) => c.fPutObject as (...args: unknown[]) => Promise<unknown>

let dir = ''
let file = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-compat-'))
  file = join(dir, 'notes.txt')
  await writeFile(file, 'file body')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/**
 * Runs `call` through both clients, each on its own key, and returns what was stored. A stream
 * of unknown size is one PUT in Silo but a one-part multipart upload in minio-js, so only its
 * ETag's form differs: `sameEtag` false leaves the ETag out.
 */
async function stored(call: Call, sameEtag = true) {
  const bucket = await env.bucket()
  return both(env, async (client, which) => {
    const key = `obj-${which}`
    const result = await call(client, bucket, key)
    const stat = await client.statObject(bucket, key)
    const body = (await readAll(await client.getObject(bucket, key))).toString()
    return { result: sameEtag ? result : undefined, size: stat.size, metaData: stat.metaData, body }
  })
}

const putForms: [string, Call][] = [
  ["a Buffer with size ''", (c, b, k) => put(c).call(c, b, k, Buffer.from('bytes!'), '')],
  ['a string with size undefined', (c, b, k) => put(c).call(c, b, k, 'a string', undefined)],
  ['a Buffer with size null', (c, b, k) => put(c).call(c, b, k, Buffer.from('bytes!'), null)],
  ['a Buffer with a wrong size (ignored)', (c, b, k) => put(c).call(c, b, k, Buffer.from('bytes!'), 2)],
  ['a string with a negative size (ignored)', (c, b, k) => put(c).call(c, b, k, 'neg', -5)],
  [
    'metaData as the fourth argument',
    (c, b, k) => put(c).call(c, b, k, 'meta4', { 'Content-Type': 'text/x-four', owner: 'ana' }),
  ],
  ["size '' then metaData", (c, b, k) => put(c).call(c, b, k, 'm5', '', { 'x-amz-meta-team': 'blue' })],
  ["metaData ''", (c, b, k) => put(c).call(c, b, k, 'empty meta', undefined, '')],
  ['metaData null', (c, b, k) => put(c).call(c, b, k, 'null meta', undefined, null)],
  ['metaData undefined after a size', (c, b, k) => put(c).call(c, b, k, 'sized', 5, undefined)],
  ['fPutObject without metaData', (c, b, k) => fput(c).call(c, b, k, file)],
  ["fPutObject with metaData ''", (c, b, k) => fput(c).call(c, b, k, file, '')],
  ['fPutObject with metaData null', (c, b, k) => fput(c).call(c, b, k, file, null)],
  ['fPutObject with metaData', (c, b, k) => fput(c).call(c, b, k, file, { 'Content-Type': 'text/x-mine' })],
]

describe('lenient putObject / fPutObject forms store the same object through both clients', () => {
  for (const [name, call] of putForms) {
    it(name, async () => {
      const r = await stored(call)
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })
  }
})

const refused: [string, Call][] = [
  ['data that is not a stream, Buffer or string', (c, b, k) => put(c).call(c, b, k, 42)],
  ['a stream with a negative size', (c, b, k) => put(c).call(c, b, k, Readable.from(['x']), -1)],
  ['fPutObject with metaData that is not an object', (c, b, k) => fput(c).call(c, b, k, file, 'text/plain')],
  ['fPutObject with a path that is not a string', (c, b, k) => fput(c).call(c, b, k, 42)],
]

const streamForms: [string, Call][] = [
  [
    "a stream with size ''",
    (c, b, k) => put(c).call(c, b, k, Readable.from([Buffer.from('stream body')]), ''),
  ],
  [
    'a stream with size null',
    (c, b, k) => put(c).call(c, b, k, Readable.from([Buffer.from('streamed')]), null),
  ],
  ['a stream with its size', (c, b, k) => put(c).call(c, b, k, Readable.from([Buffer.from('sized')]), 5)],
]

describe('lenient stream forms store the same object (ETag form aside)', () => {
  for (const [name, call] of streamForms) {
    it(name, async () => {
      const r = await stored(call, false)
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })
  }
})

describe('refused putObject / fPutObject arguments: same error class as minio-js', () => {
  for (const [name, call] of refused) {
    it(name, async () => {
      const bucket = await env.bucket()
      const r = await both(env, (client) => call(client, bucket, 'k'))
      expect(r.silo.ok).toBe(false)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
    })
  }
})
