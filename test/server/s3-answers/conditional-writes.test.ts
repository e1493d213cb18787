import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const Bucket = 'conditional'

/** Concurrent conditional writers per round, and rounds (bounded by count, not time). */
const WRITERS = 16
const ROUNDS = 3

describe.each(BACKENDS)('conditional writes (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', `/${Bucket}`)
  })
  afterAll(() => server.stop())

  const put = (Key: string, Body: string, condition: { IfNoneMatch?: string; IfMatch?: string } = {}) =>
    awsClient(server).send(new PutObjectCommand({ Bucket, Key, Body, ...condition }))

  const read = async (Key: string) =>
    (await awsClient(server).send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToString()

  it('PutObject with If-None-Match: * creates once, then 412 PreconditionFailed', async () => {
    expect((await put('once', 'first', { IfNoneMatch: '*' })).ETag).toBeDefined()
    expect(await failureOf(put('once', 'second', { IfNoneMatch: '*' }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    expect(await read('once')).toBe('first')
  })

  it('PutObject with If-Match replaces only the ETag given', async () => {
    const { ETag } = await put('cas', 'v1')
    expect(await failureOf(put('cas', 'v2', { IfMatch: '"0123456789abcdef0123456789abcdef"' }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    expect(await read('cas')).toBe('v1')
    const second = await put('cas', 'v2', { IfMatch: ETag })
    expect(await read('cas')).toBe('v2')
    // The old ETag no longer matches.
    expect(await failureOf(put('cas', 'v3', { IfMatch: ETag }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    // Unquoted works as well.
    await put('cas', 'v3', { IfMatch: second.ETag!.replaceAll('"', '') })
    expect(await read('cas')).toBe('v3')
  })

  it('PutObject with If-Match on a missing key is 404 NoSuchKey, nothing stored', async () => {
    expect(await failureOf(put('never', 'x', { IfMatch: '"0123456789abcdef0123456789abcdef"' }))).toEqual({
      code: 'NoSuchKey',
      status: 404,
    })
    expect(await failureOf(read('never'))).toEqual({ code: 'NoSuchKey', status: 404 })
  })

  it('If-None-Match other than *, or both headers, is 501 NotImplemented', async () => {
    expect(await failureOf(put('odd', 'x', { IfNoneMatch: '"abc"' }))).toEqual({
      code: 'NotImplemented',
      status: 501,
    })
    const raw = await s3(server.url, 'PUT', `/${Bucket}/odd`, {
      body: 'x',
      headers: { 'if-none-match': '*', 'if-match': '"abc"' },
    })
    expect(raw.status).toBe(501)
    expect(await failureOf(read('odd'))).toEqual({ code: 'NoSuchKey', status: 404 })
  })

  it('CompleteMultipartUpload with If-None-Match: * on an existing key is 412, the upload kept', async () => {
    const client = awsClient(server)
    const Key = 'multi'
    await put(Key, 'already here')
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: 'part one' }),
    )
    const complete = (condition: { IfNoneMatch?: string; IfMatch?: string }) =>
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
          ...condition,
        }),
      )
    expect(await failureOf(complete({ IfNoneMatch: '*' }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    expect(await failureOf(complete({ IfMatch: '"0123456789abcdef0123456789abcdef"' }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    expect(await read(Key)).toBe('already here')
    const parts = await client.send(new ListPartsCommand({ Bucket, Key, UploadId }))
    expect(parts.Parts?.map((p) => p.PartNumber)).toEqual([1])
    const current = await put(Key, 'replaced')
    await complete({ IfMatch: current.ETag })
    expect(await read(Key)).toBe('part one')
  })

  it('CopyObject takes the same conditions on its destination', async () => {
    const client = awsClient(server)
    await put('copy-source', 'source bytes')
    const target = await put('copy-target', 'target bytes')
    const copy = (Key: string, condition: { IfNoneMatch?: string; IfMatch?: string }) =>
      client.send(new CopyObjectCommand({ Bucket, Key, CopySource: `${Bucket}/copy-source`, ...condition }))
    expect(await failureOf(copy('copy-target', { IfNoneMatch: '*' }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    expect(await failureOf(copy('copy-target', { IfMatch: '"0123456789abcdef0123456789abcdef"' }))).toEqual({
      code: 'PreconditionFailed',
      status: 412,
    })
    expect(await read('copy-target')).toBe('target bytes')
    await copy('copy-new', { IfNoneMatch: '*' })
    expect(await read('copy-new')).toBe('source bytes')
    await copy('copy-target', { IfMatch: target.ETag })
    expect(await read('copy-target')).toBe('source bytes')
  })

  it(`${WRITERS} concurrent If-None-Match: * PUTs to a new key: exactly one wins`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const Key = `race-${round}`
      const outcomes = await Promise.all(
        Array.from({ length: WRITERS }, (_, i) => failureOf(put(Key, `writer ${i}`, { IfNoneMatch: '*' }))),
      )
      const winners = outcomes.filter((o) => o.code === 'ok')
      const losers = outcomes.filter((o) => o.status === 412 || o.status === 409)
      expect(winners).toHaveLength(1)
      expect(losers).toHaveLength(WRITERS - 1)
      expect(await read(Key)).toMatch(/^writer \d+$/)
    }
  })
})
