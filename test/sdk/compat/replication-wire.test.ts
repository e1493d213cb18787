/**
 * Bucket replication on the wire: the Silo SDK and minio-js (both pointed at a recording HTTP
 * server: msw does not see minio-js's requests) send the same
 * ReplicationConfiguration for the same `{ role, rules }`, read the same answer into the same
 * result, and refuse the same bad configurations with the same error classes.
 */
import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import type { ReplicationConfigOpts } from '../../../src/sdk/operations/replication/bucket-replication.js'
import { outcome } from './helpers.js'
import { useRecorder } from './recorder.js'

const rec = useRecorder()
const { seen } = rec
const minio = () => rec.clients().minio
const silo = () => rec.clients().silo
const siloAsMinio = () => rec.clients().siloAsMinio

const CONFIG: ReplicationConfigOpts = {
  role: 'arn:minio:replication::b1a8:backup',
  rules: [
    {
      ID: 'all-photos',
      Status: 'Enabled',
      Priority: 1,
      DeleteMarkerReplication: { Status: 'Disabled' },
      DeleteReplication: { Status: 'Disabled' },
      Destination: { Bucket: 'arn:aws:s3:::backup', StorageClass: 'STANDARD' },
      Filter: {
        And: {
          Prefix: 'photos/<2024>',
          Tag: [
            { Key: 'a', Value: 'b&c' },
            { Key: 'd', Value: 'e' },
          ],
        },
      },
      SourceSelectionCriteria: { ReplicaModifications: { Status: 'Enabled' } },
      ExistingObjectReplication: { Status: 'Enabled' },
    },
    {
      ID: 'docs',
      Status: 'Disabled',
      Priority: 2,
      Destination: { Bucket: 'arn:aws:s3:::docs' },
      Filter: { Prefix: 'docs/' },
    },
  ],
}

// Structure only: minio-js sends no namespace, Silo sends S3's (both accepted by S3 and MinIO).
const structure = (xml: string) =>
  new XMLParser({ ignoreAttributes: true, parseTagValue: false, htmlEntities: true }).parse(xml) as Record<
    string,
    unknown
  >

describe('setBucketReplication', () => {
  it('sends the ReplicationConfiguration minio-js sends, with Content-MD5', async () => {
    await siloAsMinio().setBucketReplication('photos', CONFIG as never)
    await minio().setBucketReplication('photos', CONFIG as never)
    expect(seen).toHaveLength(2)
    const [ours, theirs] = seen
    expect([...ours!.url.searchParams.keys()]).toEqual(['replication'])
    expect([...theirs!.url.searchParams.keys()]).toEqual(['replication'])
    const [ourBody, theirBody] = [ours!.body, theirs!.body]
    expect(structure(ourBody)).toEqual(structure(theirBody))
    expect(ourBody).toContain('<Prefix>photos/&#60;2024&#62;</Prefix>')
    expect(ours!.headers['content-md5']).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  })

  it('refuses what minio-js refuses, with the same error classes', async () => {
    const bad: unknown[] = [
      'not an object',
      { rules: CONFIG.rules },
      { role: '', rules: CONFIG.rules },
      { role: 7, rules: CONFIG.rules },
      { role: CONFIG.role },
      { role: CONFIG.role, rules: [] },
    ]
    for (const config of bad) {
      const theirs = await outcome(() => minio().setBucketReplication('photos', config as never))
      const ours = await outcome(() => siloAsMinio().setBucketReplication('photos', config as never))
      expect(theirs.ok, JSON.stringify(config)).toBe(false)
      expect({ ...ours, message: undefined }, JSON.stringify(config)).toEqual({
        ...theirs,
        message: undefined,
      })
    }
    const badBucket = await outcome(() => siloAsMinio().setBucketReplication('Bad_Bucket', CONFIG as never))
    expect(badBucket).toMatchObject({ ok: false, name: 'InvalidBucketNameError' })
    expect(seen).toHaveLength(0)
  })

  it('calls back', async () => {
    const err = await new Promise((resolve) => silo().setBucketReplication('photos', CONFIG, resolve))
    expect(err).toBeNull()
  })
})

describe('getBucketReplication', () => {
  const replication =
    '<?xml version="1.0" encoding="UTF-8"?><ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    '<Role>arn:minio:replication::b1a8:backup</Role>' +
    '<Rule><ID>all-photos</ID><Status>Enabled</Status><Priority>1</Priority>' +
    '<DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>' +
    '<Destination><Bucket>arn:aws:s3:::backup</Bucket></Destination>' +
    '<Filter><And><Prefix>photos/</Prefix><Tag><Key>a</Key><Value>b</Value></Tag><Tag><Key>c</Key><Value>d</Value></Tag></And></Filter></Rule>' +
    '</ReplicationConfiguration>'

  it('reads the answer into the result minio-js gives', async () => {
    rec.answer = { status: 200, body: replication }
    const ours = await siloAsMinio().getBucketReplication('photos')
    const theirs = await minio().getBucketReplication('photos')
    expect(ours).toEqual(theirs)
    expect(ours).toEqual({
      ReplicationConfiguration: {
        role: 'arn:minio:replication::b1a8:backup',
        rules: [
          {
            ID: 'all-photos',
            Status: 'Enabled',
            Priority: 1,
            DeleteMarkerReplication: { Status: 'Disabled' },
            Destination: { Bucket: 'arn:aws:s3:::backup' },
            Filter: {
              And: {
                Prefix: 'photos/',
                Tag: [
                  { Key: 'a', Value: 'b' },
                  { Key: 'c', Value: 'd' },
                ],
              },
            },
          },
        ],
      },
    })
    expect(seen.map((r) => [...r.url.searchParams.keys()])).toEqual([['replication'], ['replication']])
  })

  it('rejects with the server error (and through the callback)', async () => {
    rec.answer = {
      status: 404,
      body: '<Error><Code>ReplicationConfigurationNotFoundError</Code><Message>none</Message></Error>',
    }
    const err = await new Promise<Error | null>((resolve) =>
      silo().getBucketReplication('photos', (e) => resolve(e)),
    )
    expect(err).toMatchObject({ name: 'S3Error', code: 'ReplicationConfigurationNotFoundError' })
  })
})

describe('removeBucketReplication', () => {
  it('sends DELETE ?replication', async () => {
    rec.answer = { status: 204 }
    await silo().removeBucketReplication('photos')
    await minio().removeBucketReplication('photos')
    expect(seen.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['DELETE /photos', 'DELETE /photos'])
    expect(seen.map((r) => [...r.url.searchParams.keys()])).toEqual([['replication'], ['replication']])
  })
})
