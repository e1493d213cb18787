import {
  DeleteBucketReplicationCommand,
  GetBucketReplicationCommand,
  PutBucketReplicationCommand,
  type ReplicationConfiguration,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import { failureOf, useAwsBackend } from './helpers.js'

const BUCKET = 'replicated'

/** A configuration in S3's newer schema (Filter), with most of what a rule may hold. */
const FULL: ReplicationConfiguration = {
  Role: 'arn:aws:iam::123456789012:role/replication',
  Rules: [
    {
      ID: 'logs-to-dr',
      Priority: 1,
      Filter: {
        And: {
          Prefix: 'logs/',
          Tags: [
            { Key: 'tier', Value: 'gold' },
            { Key: 'team', Value: 'ops' },
          ],
        },
      },
      Status: 'Enabled',
      SourceSelectionCriteria: { ReplicaModifications: { Status: 'Enabled' } },
      ExistingObjectReplication: { Status: 'Enabled' },
      Destination: {
        Bucket: 'arn:aws:s3:::dr-bucket',
        StorageClass: 'STANDARD_IA',
        ReplicationTime: { Status: 'Enabled', Time: { Minutes: 15 } },
        Metrics: { Status: 'Enabled', EventThreshold: { Minutes: 15 } },
      },
      DeleteMarkerReplication: { Status: 'Disabled' },
    },
    {
      ID: 'images',
      Priority: 2,
      Filter: { Prefix: 'img/' },
      Status: 'Disabled',
      Destination: { Bucket: 'arn:aws:s3:::dr-images' },
      DeleteMarkerReplication: { Status: 'Enabled' },
    },
  ],
}

const rule = (inner: string) =>
  `<Rule>${inner}<Status>Enabled</Status><Destination><Bucket>arn:aws:s3:::dest</Bucket></Destination></Rule>`
const document = (rules: string, role = '<Role>arn:aws:iam::1:role/r</Role>') =>
  `<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${role}${rules}</ReplicationConfiguration>`

/** PutBucketReplication / GetBucketReplication / DeleteBucketReplication (issue 15): stored, not performed. */
describe.each(BACKENDS)('bucket replication configuration (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const get = () => backend.client.send(new GetBucketReplicationCommand({ Bucket: BUCKET }))
  const putXml = (body: string) => s3(backend.server.url, 'PUT', `/${BUCKET}?replication`, { body })

  it('answers 404 ReplicationConfigurationNotFoundError before one is stored', async () => {
    expect(await failureOf(get())).toEqual({ code: 'ReplicationConfigurationNotFoundError', status: 404 })
    const res = await s3(backend.server.url, 'GET', `/${BUCKET}?replication`)
    expect(xmlField(res.text, 'BucketName')).toBe(BUCKET)
  })

  it('stores a configuration and gives it back as sent', async () => {
    await backend.client.send(
      new PutBucketReplicationCommand({ Bucket: BUCKET, ReplicationConfiguration: FULL }),
    )
    const got = await get()
    expect(got.ReplicationConfiguration).toEqual(FULL)
    const res = await s3(backend.server.url, 'GET', `/${BUCKET}?replication`)
    expect(res.text).toContain('<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">')
  })

  it('takes the older schema (a rule Prefix, no Filter) and MinIO target ARNs without a Role', async () => {
    const minioStyle = document(
      `<Rule><ID>old</ID><Prefix>a/</Prefix><Status>Enabled</Status><Destination><Bucket>arn:minio:replication::0c2b2fd4-5c47-4d27-b0ce-1c1b4d5d6e01:target</Bucket></Destination><DeleteReplication><Status>Enabled</Status></DeleteReplication></Rule>`,
      '',
    )
    expect((await putXml(minioStyle)).status).toBe(200)
    const got = (await get()).ReplicationConfiguration
    expect(got?.Role).toBeUndefined()
    expect(got?.Rules?.[0]).toMatchObject({ ID: 'old', Prefix: 'a/', Status: 'Enabled' })
  })

  it.each([
    ['no rule', document(''), 'MalformedXML'],
    ['an unknown element', document(rule('<Colour>red</Colour>')), 'MalformedXML'],
    ['a bad Status', document(rule('').replace('Enabled', 'On')), 'MalformedXML'],
    [
      'Prefix beside Filter',
      document(rule('<Prefix>a</Prefix><Filter><Prefix>b</Prefix></Filter>')),
      'MalformedXML',
    ],
    [
      'a Filter of two conditions',
      document(
        rule(
          '<Filter><Prefix>a</Prefix><Tag><Key>k</Key><Value>v</Value></Tag></Filter><DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>',
        ),
      ),
      'MalformedXML',
    ],
    [
      'a Filter rule without DeleteMarkerReplication',
      document(rule('<Filter><Prefix>a</Prefix></Filter>')),
      'InvalidRequest',
    ],
    [
      'delete markers replicated under a tag filter',
      document(
        rule(
          '<Filter><Tag><Key>k</Key><Value>v</Value></Tag></Filter><DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication>',
        ),
      ),
      'InvalidRequest',
    ],
    [
      'two rules of one priority',
      document(
        rule(
          '<Priority>1</Priority><Filter/><DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>',
        ).repeat(2),
      ),
      'InvalidRequest',
    ],
    ['two rules of one ID', document(rule('<ID>same</ID>').repeat(2)), 'InvalidArgument'],
    [
      'a destination that is no bucket ARN',
      document(rule('').replace('arn:aws:s3:::dest', 'dest')),
      'InvalidArgument',
    ],
    ['a rule ID over 255 characters', document(rule(`<ID>${'i'.repeat(256)}</ID>`)), 'InvalidArgument'],
    ['1,001 rules', document(rule('').repeat(1001)), 'InvalidRequest'],
  ])('refuses %s and keeps the configuration before', async (_what, body, code) => {
    await backend.client.send(
      new PutBucketReplicationCommand({ Bucket: BUCKET, ReplicationConfiguration: FULL }),
    )
    const res = await putXml(body)
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, code])
    expect((await get()).ReplicationConfiguration).toEqual(FULL)
  })

  it('takes 1,000 rules', async () => {
    const rules = Array.from({ length: 1000 }, (_, i) => rule(`<ID>r${i}</ID><Prefix>p${i}/</Prefix>`)).join(
      '',
    )
    expect((await putXml(document(rules))).status).toBe(200)
    expect((await get()).ReplicationConfiguration?.Rules).toHaveLength(1000)
  })

  it('deletes it (204), also when there is none', async () => {
    await backend.client.send(
      new PutBucketReplicationCommand({ Bucket: BUCKET, ReplicationConfiguration: FULL }),
    )
    const res = await s3(backend.server.url, 'DELETE', `/${BUCKET}?replication`)
    expect(res.status).toBe(204)
    expect(await failureOf(get())).toEqual({ code: 'ReplicationConfigurationNotFoundError', status: 404 })
    expect(
      await failureOf(backend.client.send(new DeleteBucketReplicationCommand({ Bucket: BUCKET }))),
    ).toEqual({
      code: 'ok',
    })
  })

  it('answers NoSuchBucket for a bucket that does not exist', async () => {
    expect(
      await failureOf(backend.client.send(new GetBucketReplicationCommand({ Bucket: 'no-such-bucket' }))),
    ).toEqual({ code: 'NoSuchBucket', status: 404 })
    expect(
      await failureOf(
        backend.client.send(
          new PutBucketReplicationCommand({ Bucket: 'no-such-bucket', ReplicationConfiguration: FULL }),
        ),
      ),
    ).toEqual({ code: 'NoSuchBucket', status: 404 })
  })
})
