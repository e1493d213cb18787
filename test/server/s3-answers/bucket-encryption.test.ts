/**
 * PutBucketEncryption / GetBucketEncryption / DeleteBucketEncryption (issue 15): one AES256
 * rule stored and answered, SSE-KMS 501 naming it, malformed documents 400, no configuration
 * 404 ServerSideEncryptionConfigurationNotFoundError, on both backends.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'

const BUCKET = 'bucket-encryption'
const rule = (inner: string, extra = '') =>
  `<ServerSideEncryptionConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Rule><ApplyServerSideEncryptionByDefault>${inner}</ApplyServerSideEncryptionByDefault>${extra}</Rule></ServerSideEncryptionConfiguration>`
const AES256 = rule('<SSEAlgorithm>AES256</SSEAlgorithm>')

function put(server: TestServer, body: string) {
  const contentMd5 = createHash('md5').update(body).digest('base64')
  return s3(server.url, 'PUT', `/${BUCKET}?encryption`, { body, headers: { 'content-md5': contentMd5 } })
}

describe.each(BACKENDS)('bucket default encryption configuration (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
  })
  afterAll(() => server.stop())

  it('none: GET is 404 ServerSideEncryptionConfigurationNotFoundError naming the bucket', async () => {
    const res = await s3(server.url, 'GET', `/${BUCKET}?encryption`)
    expect([res.status, xmlField(res.text, 'Code'), xmlField(res.text, 'BucketName')]).toEqual([
      404,
      'ServerSideEncryptionConfigurationNotFoundError',
      BUCKET,
    ])
  })

  it('PUT an AES256 rule, GET it back, DELETE it (204), GET is 404 again', async () => {
    expect((await put(server, AES256)).status).toBe(200)
    const got = await s3(server.url, 'GET', `/${BUCKET}?encryption`)
    expect(got.status).toBe(200)
    expect(got.text).toContain(
      '<ServerSideEncryptionConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    )
    expect(xmlField(got.text, 'SSEAlgorithm')).toBe('AES256')
    expect(got.text).not.toContain('BucketKeyEnabled')
    expect((await s3(server.url, 'DELETE', `/${BUCKET}?encryption`)).status).toBe(204)
    expect((await s3(server.url, 'GET', `/${BUCKET}?encryption`)).status).toBe(404)
    // Deleting what is not there is fine, as S3.
    expect((await s3(server.url, 'DELETE', `/${BUCKET}?encryption`)).status).toBe(204)
  })

  it('BucketKeyEnabled is kept and answered', async () => {
    expect(
      (
        await put(
          server,
          rule('<SSEAlgorithm>AES256</SSEAlgorithm>', '<BucketKeyEnabled>true</BucketKeyEnabled>'),
        )
      ).status,
    ).toBe(200)
    const got = await s3(server.url, 'GET', `/${BUCKET}?encryption`)
    expect(xmlField(got.text, 'BucketKeyEnabled')).toBe('true')
    expect((await s3(server.url, 'DELETE', `/${BUCKET}?encryption`)).status).toBe(204)
  })

  it('refused documents change nothing: aws:kms 501 naming SSE-KMS, malformed 400', async () => {
    expect((await put(server, AES256)).status).toBe(200)
    const kms = await put(
      server,
      rule('<SSEAlgorithm>aws:kms</SSEAlgorithm><KMSMasterKeyID>k</KMSMasterKeyID>'),
    )
    expect([kms.status, xmlField(kms.text, 'Code')]).toEqual([501, 'NotImplemented'])
    expect(xmlField(kms.text, 'Message')).toContain('SSE-KMS')
    const cases: Array<[string, string, string]> = [
      ['an unknown algorithm', rule('<SSEAlgorithm>DES</SSEAlgorithm>'), 'MalformedXML'],
      ['no algorithm', rule(''), 'MalformedXML'],
      [
        'two rules',
        AES256.replace(
          '</Rule>',
          '</Rule><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>AES256</SSEAlgorithm></ApplyServerSideEncryptionByDefault></Rule>',
        ),
        'MalformedXML',
      ],
      ['no rule', '<ServerSideEncryptionConfiguration/>', 'MalformedXML'],
      ['another root', '<EncryptionConfiguration/>', 'MalformedXML'],
      [
        'a KMS key with AES256',
        rule('<SSEAlgorithm>AES256</SSEAlgorithm><KMSMasterKeyID>k</KMSMasterKeyID>'),
        'InvalidArgument',
      ],
      [
        'BucketKeyEnabled neither true nor false',
        rule('<SSEAlgorithm>AES256</SSEAlgorithm>', '<BucketKeyEnabled>1</BucketKeyEnabled>'),
        'MalformedXML',
      ],
    ]
    for (const [what, body, code] of cases) {
      const res = await put(server, body)
      expect([res.status, xmlField(res.text, 'Code')], what).toEqual([400, code])
    }
    const got = await s3(server.url, 'GET', `/${BUCKET}?encryption`)
    expect(xmlField(got.text, 'SSEAlgorithm')).toBe('AES256')
    expect((await s3(server.url, 'DELETE', `/${BUCKET}?encryption`)).status).toBe(204)
  })

  it('a missing bucket: 404 NoSuchBucket on all three', async () => {
    for (const method of ['PUT', 'GET', 'DELETE']) {
      const res = await s3(server.url, method, '/no-such-bucket?encryption', {
        body: method === 'PUT' ? AES256 : undefined,
      })
      expect([res.status, xmlField(res.text, 'Code')], method).toEqual([404, 'NoSuchBucket'])
    }
  })
})
