/**
 * Bucket methods, bucket policies and bucket notifications through the Silo SDK and minio-js
 * against one Silo server (with a webhook target configured, so queue rules can be stored):
 * same arguments, same results, same error codes.
 */
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { Client, NotificationConfig, QueueConfig } from '../../../src/index.js'
import { ROOT } from '../../server/helpers/test-server.js'
import { both, normalise, useCompatServer } from './helpers.js'

const ARN = 'arn:silo:sqs::1:webhook'
// The target is never reached in these tests: rules only need its ARN to exist.
const env = useCompatServer({
  notify: { webhook: { '1': { enable: true, endpoint: 'http://127.0.0.1:9/' } } },
})

let counter = 0
const fresh = (which: string) => `cb-${process.pid}-${++counter}-${which}`

describe('bucket methods', () => {
  it('makeBucket, bucketExists, listBuckets, removeBucket', async () => {
    const base = fresh('b')
    const r = await both(env, async (c, which) => {
      const name = `${base}-${which}`
      const made = await c.makeBucket(name)
      const madeInRegion = await c.makeBucket(`${name}-r`, 'us-east-1')
      const exists = await c.bucketExists(name)
      const listed = (await c.listBuckets()).filter((b) => b.name.startsWith(name))
      const again = await c.makeBucket(name).catch((e: { code?: string }) => e.code)
      await c.removeBucket(`${name}-r`)
      const removed = await c.removeBucket(name)
      const gone = await c.bucketExists(name)
      return {
        made,
        madeInRegion,
        exists,
        listed: listed.map((b) => ({ ...b, name: b.name.replace(which, '*') })),
        again,
        removed,
        gone,
      }
    })
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
    if (r.silo.ok) expect(r.silo.value.again).toBe('BucketAlreadyOwnedByYou')
  })

  it('the same errors: bad names, a region other than the client’s, missing and non-empty buckets', async () => {
    const full = await env.bucket()
    await env.silo.putObject(full, 'a', 'x')
    const calls: Array<(c: Minio.Client) => Promise<unknown>> = [
      (c) => c.makeBucket('Bad_Name'),
      (c) => c.makeBucket('ab'),
      (c) => c.makeBucket(fresh('region'), 'eu-west-1'),
      (c) => c.removeBucket('no-such-bucket-x'),
      (c) => c.removeBucket(full),
      (c) => c.bucketExists('Bad_Name'),
    ]
    for (const call of calls) {
      const r = await both(env, call)
      expect(r.silo.ok, call.toString()).toBe(false)
      expect(normalise(r.silo), call.toString()).toEqual(normalise(r.minio))
    }
  })

  it('makeBucket in another region from a client without one (MinIO takes any region)', async () => {
    const options = {
      endPoint: '127.0.0.1',
      port: env.server.port,
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    }
    const clients = { silo: new Client(options) as unknown as Minio.Client, minio: new Minio.Client(options) }
    const r = await both(env, async (_c, which) => {
      const name = fresh(which)
      await clients[which].makeBucket(name, 'eu-west-1')
      await clients[which].putObject(name, 'k', 'v')
      const region = await clients[which].getBucketRegionAsync(name)
      const size = (await clients[which].statObject(name, 'k')).size
      return { region, size }
    })
    expect(r.silo).toEqual({ ok: true, value: { region: 'eu-west-1', size: 1 } })
    expect(r.minio).toEqual(r.silo)
  })
})

describe('bucket policy', () => {
  it('setBucketPolicy, getBucketPolicy, and "" to remove', async () => {
    const bucket = await env.bucket()
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${bucket}/*`],
        },
      ],
    })
    const r = await both(env, async (c) => {
      const none = await c.getBucketPolicy(bucket).catch((e: { code?: string }) => e.code)
      await c.setBucketPolicy(bucket, policy)
      const stored = JSON.parse(await c.getBucketPolicy(bucket))
      await c.setBucketPolicy(bucket, '')
      const removed = await c.getBucketPolicy(bucket).catch((e: { code?: string }) => e.code)
      return { none, stored, removed }
    })
    expect(r.silo.ok).toBe(true)
    expect(normalise(r.silo)).toEqual(normalise(r.minio))
    const bad = await both(env, (c) => c.setBucketPolicy(bucket, '{"not":"a policy"}'))
    expect(normalise(bad.silo)).toEqual(normalise(bad.minio))
    expect(bad.silo.ok).toBe(false)
  })
})

describe('bucket notification', () => {
  function configFor(which: 'silo' | 'minio') {
    const config = which === 'silo' ? new NotificationConfig() : new Minio.NotificationConfig()
    const queue = which === 'silo' ? new QueueConfig(ARN) : new Minio.QueueConfig(ARN)
    queue.setId('thumbs')
    queue.addEvent(Minio.ObjectCreatedAll)
    queue.addEvent(Minio.ObjectRemovedDelete)
    queue.addFilterPrefix('photos/')
    queue.addFilterSuffix('.jpg')
    config.add(queue as never)
    return config as Minio.NotificationConfig
  }

  it('get (empty), set, get, set the result back, removeAll: same results in minio-js’s shape', async () => {
    const r = await both(env, async (c, which) => {
      const bucket = await env.bucket()
      const empty = await c.getBucketNotification(bucket)
      await c.setBucketNotification(bucket, configFor(which))
      const stored = await c.getBucketNotification(bucket)
      await c.setBucketNotification(bucket, stored as never)
      const roundTrip = await c.getBucketNotification(bucket)
      await c.removeAllBucketNotification(bucket)
      const removed = await c.getBucketNotification(bucket)
      return { empty, stored, roundTrip, removed }
    })
    // minio-js cannot set its own result back (its Filter is flattened): that step fails there.
    expect(r.silo.ok).toBe(true)
    if (!r.silo.ok) return
    const { empty, stored, roundTrip, removed } = r.silo.value
    const none = { TopicConfiguration: [], QueueConfiguration: [], CloudFunctionConfiguration: [] }
    expect(empty).toEqual(none)
    expect(removed).toEqual(none)
    expect(stored).toEqual({
      ...none,
      QueueConfiguration: [
        {
          Id: 'thumbs',
          Queue: ARN,
          Event: ['s3:ObjectCreated:*', 's3:ObjectRemoved:Delete'],
          Filter: [
            { Name: 'prefix', Value: 'photos/' },
            { Name: 'suffix', Value: '.jpg' },
          ],
        },
      ],
    })
    expect(roundTrip).toEqual(stored)
    const theirs = await both(env, async (c, which) => {
      const bucket = await env.bucket()
      const empty = await c.getBucketNotification(bucket)
      await c.setBucketNotification(bucket, configFor(which))
      const stored = await c.getBucketNotification(bucket)
      await c.removeAllBucketNotification(bucket)
      return { empty, stored, removed: await c.getBucketNotification(bucket) }
    })
    expect(theirs.silo.ok).toBe(true)
    expect(normalise(theirs.silo)).toEqual(normalise(theirs.minio))
  })

  it('the same errors for an unknown ARN and a missing bucket', async () => {
    const bucket = await env.bucket()
    const unknown = await both(env, (c) => {
      const config = new Minio.NotificationConfig()
      const queue = new Minio.QueueConfig('arn:silo:sqs::9:nowhere')
      queue.addEvent(Minio.ObjectCreatedAll)
      config.add(queue)
      return c.setBucketNotification(bucket, config)
    })
    expect(unknown.silo.ok).toBe(false)
    expect(normalise(unknown.silo)).toEqual(normalise(unknown.minio))
    const missing = await both(env, (c) => c.getBucketNotification('no-such-bucket-x'))
    expect(missing.silo).toMatchObject({ ok: false, code: 'NoSuchBucket' })
    expect(normalise(missing.silo)).toEqual(normalise(missing.minio))
  })
})
