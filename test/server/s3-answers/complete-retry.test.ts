import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const Bucket = 'retries'
const MiB = 1024 * 1024

describe.each(BACKENDS)('CompleteMultipartUpload retried after it succeeded (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', `/${Bucket}`)
  })
  afterAll(() => server.stop())

  /** An upload of two parts (5 MiB and 3 bytes) completed once; its id, parts and result. */
  async function completedUpload(Key: string) {
    const client = awsClient(server)
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))
    const bodies = [Buffer.alloc(5 * MiB, 1), Buffer.from('end')]
    const Parts: Array<{ PartNumber: number; ETag: string | undefined }> = []
    for (const [i, Body] of bodies.entries()) {
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body }),
      )
      Parts.push({ PartNumber: i + 1, ETag })
    }
    const complete = (parts = Parts) =>
      client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      )
    const first = await complete()
    return { client, UploadId: UploadId!, Parts, complete, first }
  }

  it('answers 200 with the same ETag and location (the SDK and raw)', async () => {
    const { UploadId, Parts, complete, first } = await completedUpload('twice')
    const again = await complete()
    expect([again.ETag, again.Location, again.Key]).toEqual([first.ETag, first.Location, 'twice'])
    const body = `<CompleteMultipartUpload>${Parts.map(
      (p) => `<Part><PartNumber>${p.PartNumber}</PartNumber><ETag>${p.ETag}</ETag></Part>`,
    ).join('')}</CompleteMultipartUpload>`
    const raw = await s3(server.url, 'POST', `/${Bucket}/twice?uploadId=${UploadId}`, { body })
    expect([raw.status, xmlField(raw.text, 'ETag')]).toEqual([200, first.ETag])
  })

  it('a different parts list is NoSuchUpload', async () => {
    const { Parts, complete } = await completedUpload('other-parts')
    expect(await failureOf(complete(Parts.slice(0, 1)))).toEqual({ code: 'NoSuchUpload', status: 404 })
  })

  it('once the object was replaced, the retry is NoSuchUpload', async () => {
    const { client, complete } = await completedUpload('replaced')
    await client.send(new PutObjectCommand({ Bucket, Key: 'replaced', Body: 'new' }))
    expect(await failureOf(complete())).toEqual({ code: 'NoSuchUpload', status: 404 })
  })

  it('once the object was copied onto itself (new metadata), the retry is NoSuchUpload', async () => {
    const { client, complete } = await completedUpload('copied')
    await client.send(
      new CopyObjectCommand({
        Bucket,
        Key: 'copied',
        CopySource: `${Bucket}/copied`,
        MetadataDirective: 'REPLACE',
        Metadata: { changed: 'yes' },
      }),
    )
    expect(await failureOf(complete())).toEqual({ code: 'NoSuchUpload', status: 404 })
  })

  it('an upload id never issued is NoSuchUpload, even naming the object parts', async () => {
    const { client, Parts } = await completedUpload('unknown-id')
    const bogus = client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: 'unknown-id',
        UploadId: 'not-an-upload',
        MultipartUpload: { Parts },
      }),
    )
    expect(await failureOf(bogus)).toEqual({ code: 'NoSuchUpload', status: 404 })
  })
})
