import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

describe.each(BACKENDS)('part numbers and copy ranges past the object (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/parts')
    await s3(server.url, 'PUT', '/parts/ten', { body: '0123456789' })
  })
  afterAll(() => server.stop())

  it('GET ?partNumber past the last part: 400 InvalidPartNumber', async () => {
    const client = awsClient(server)
    expect(
      await failureOf(client.send(new GetObjectCommand({ Bucket: 'parts', Key: 'ten', PartNumber: 2 }))),
    ).toEqual({ code: 'InvalidPartNumber', status: 400 })
    const res = await s3(server.url, 'GET', '/parts/ten?partNumber=3')
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'InvalidPartNumber'])
    expect(xmlField(res.text, 'ActualPartCount')).toBe('1')
    expect((await s3(server.url, 'HEAD', '/parts/ten?partNumber=2')).status).toBe(400)
    expect(
      (await failureOf(client.send(new HeadObjectCommand({ Bucket: 'parts', Key: 'ten', PartNumber: 2 }))))
        .status,
    ).toBe(400)
  })

  it('UploadPartCopy with a source range outside the object: 416 InvalidRange', async () => {
    const client = awsClient(server)
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: 'parts', Key: 'copy' }))
    const copy = (range: string) =>
      client.send(
        new UploadPartCopyCommand({
          Bucket: 'parts',
          Key: 'copy',
          UploadId,
          PartNumber: 1,
          CopySource: 'parts/ten',
          CopySourceRange: range,
        }),
      )
    expect(await failureOf(copy('bytes=5-10'))).toEqual({ code: 'InvalidRange', status: 416 })
    expect(await failureOf(copy('bytes=10-12'))).toEqual({ code: 'InvalidRange', status: 416 })
    // Not of the form bytes=first-last: still InvalidArgument, as S3.
    expect(await failureOf(copy('bytes=5-2'))).toEqual({ code: 'InvalidArgument', status: 400 })
    expect(await failureOf(copy('bytes=0-9'))).toEqual({ code: 'ok' })
  })
})
