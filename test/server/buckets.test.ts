import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3, xmlField } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

describe('bucket operations', () => {
  it('creates a bucket, lists it, heads it, locates it, deletes it', async () => {
    const created = await s3(server.url, 'PUT', '/alpha-bucket')
    expect(created.status).toBe(200)
    expect(created.headers.location).toBe('/alpha-bucket')

    const list = await s3(server.url, 'GET', '/')
    expect(list.status).toBe(200)
    expect(list.text).toContain('<ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">')
    expect(list.text).toContain('<Name>alpha-bucket</Name>')
    expect(xmlField(list.text, 'CreationDate')).toMatch(/^\d{4}-\d\d-\d\dT/)

    const head = await s3(server.url, 'HEAD', '/alpha-bucket')
    expect(head.status).toBe(200)
    expect(head.headers['x-amz-bucket-region']).toBe('us-east-1')

    const location = await s3(server.url, 'GET', '/alpha-bucket?location')
    expect(location.status).toBe(200)
    expect(location.text).toMatch(/<LocationConstraint xmlns="[^"]+"><\/LocationConstraint>/)

    expect((await s3(server.url, 'DELETE', '/alpha-bucket')).status).toBe(204)
    expect((await s3(server.url, 'HEAD', '/alpha-bucket')).status).toBe(404)
  })

  it('answers BucketAlreadyOwnedByYou for a second create', async () => {
    await s3(server.url, 'PUT', '/twice-bucket')
    const again = await s3(server.url, 'PUT', '/twice-bucket')
    expect(again.status).toBe(409)
    expect(xmlField(again.text, 'Code')).toBe('BucketAlreadyOwnedByYou')
  })

  it('rejects an invalid name with InvalidBucketName and the reason', async () => {
    const res = await s3(server.url, 'PUT', '/Upper_Case')
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidBucketName')
    expect(xmlField(res.text, 'Message')).toMatch(/lower-case letters/)
  })

  it('accepts a CreateBucketConfiguration for the server region', async () => {
    const body =
      '<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><LocationConstraint>us-east-1</LocationConstraint></CreateBucketConfiguration>'
    expect((await s3(server.url, 'PUT', '/configured-bucket', { body })).status).toBe(200)
  })

  it('with a region configured, rejects another with IllegalLocationConstraintException', async () => {
    // With none configured (the default) any region is taken: test/e2e/make-bucket-region.test.ts.
    const configured = await startTestServer({ region: 'us-east-1' })
    try {
      const body =
        '<CreateBucketConfiguration><LocationConstraint>eu-west-1</LocationConstraint></CreateBucketConfiguration>'
      const res = await s3(configured.url, 'PUT', '/elsewhere-bucket', { body })
      expect(xmlField(res.text, 'Code')).toBe('IllegalLocationConstraintException')
      expect((await s3(configured.url, 'HEAD', '/elsewhere-bucket')).status).toBe(404)
    } finally {
      await configured.stop()
    }
  })

  it('rejects bad XML with MalformedXML', async () => {
    const res = await s3(server.url, 'PUT', '/badxml-bucket', { body: '<CreateBucketConfiguration><Loc' })
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('MalformedXML')
    expect((await s3(server.url, 'HEAD', '/badxml-bucket')).status).toBe(404)
  })

  it('refuses to delete a non-empty bucket with BucketNotEmpty', async () => {
    await s3(server.url, 'PUT', '/full-bucket')
    await s3(server.url, 'PUT', '/full-bucket/k', { body: 'x' })
    const res = await s3(server.url, 'DELETE', '/full-bucket')
    expect(res.status).toBe(409)
    expect(xmlField(res.text, 'Code')).toBe('BucketNotEmpty')
  })

  it('answers NoSuchBucket for a missing bucket', async () => {
    const res = await s3(server.url, 'GET', '/missing-bucket?location')
    expect(res.status).toBe(404)
    expect(xmlField(res.text, 'Code')).toBe('NoSuchBucket')
  })

  it('answers NotImplemented naming the operation', async () => {
    await s3(server.url, 'PUT', '/later-bucket')
    const res = await s3(server.url, 'GET', '/later-bucket?website')
    expect(res.status).toBe(501)
    expect(xmlField(res.text, 'Code')).toBe('NotImplemented')
    expect(xmlField(res.text, 'Message')).toMatch(/GetBucketWebsite/)
  })
})

describe('virtual-host style', () => {
  it('routes <bucket>.<domain> when a domain is configured', async () => {
    const vhost = await startTestServer({ domain: 'silo.test' })
    try {
      await s3(vhost.url, 'PUT', '/vhost-bucket')
      const res = await s3(vhost.url, 'PUT', '/key.txt', {
        body: 'v',
        headers: { host: `vhost-bucket.silo.test:${vhost.port}` },
      })
      expect(res.status).toBe(200)
      expect((await s3(vhost.url, 'GET', '/vhost-bucket/key.txt')).text).toBe('v')
    } finally {
      await vhost.stop()
    }
  })
})
