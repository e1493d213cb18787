import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { expect } from 'vitest'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'

/** A body that yields `data` in chunks of `chunkSize` bytes. */
export async function* bodyOf(data: string | Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize)
}

/** A body that yields `head`, then never yields again (a client that stalls). */
export async function* stalledBody(head: Uint8Array, stalled?: () => void): AsyncGenerator<Uint8Array> {
  yield head
  stalled?.()
  await new Promise(() => {})
}

/** Every byte of a stream. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** Hex MD5. */
export function md5Hex(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('hex')
}

/** Base64 MD5, as a Content-MD5 header carries it. */
export function md5Base64(data: string | Uint8Array): string {
  return createHash('md5').update(data).digest('base64')
}

/** Deterministic pseudo-random bytes (so a failure reproduces). */
export function patternBytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size)
  let x = seed
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    out[i] = x >>> 24
  }
  return out
}

/** Asserts `promise` rejects with an S3ServerError carrying `code`. */
export async function expectS3Error(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ name: 'S3ServerError', code })
}

/** Puts a small object from a string. */
export function putText(backend: ObjectLayer, bucket: string, key: string, text: string) {
  return backend.putObject({ bucket, key, body: bodyOf(text) })
}

/** The whole object as a string. */
export async function getText(backend: ObjectLayer, bucket: string, key: string): Promise<string> {
  const { body } = await backend.getObject(bucket, key)
  return (await readAll(body)).toString()
}

/** A Readable of `data` (the server hands request streams to putObject). */
export function readableOf(data: Uint8Array): Readable {
  return Readable.from(bodyOf(data, 16 * 1024))
}
