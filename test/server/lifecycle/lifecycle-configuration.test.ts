import {
  DeleteBucketLifecycleCommand,
  GetBucketLifecycleConfigurationCommand,
  PutBucketLifecycleConfigurationCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { md5Base64, s3, xmlField } from '../helpers/signed-request.js'
import { failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'ilm-config'

const doc = (rules: string) => `<LifecycleConfiguration>${rules}</LifecycleConfiguration>`
const rule = (body: string, id = 'r1') => `<Rule><ID>${id}</ID>${body}</Rule>`
const expire1 = '<Status>Enabled</Status><Filter></Filter><Expiration><Days>1</Days></Expiration>'

/** `?lifecycle` PUT/GET/DELETE (issue 14): S3's validation answers, and nothing stored on a refusal. */
describe.each(BACKENDS)('?lifecycle configuration (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const put = (body: string) =>
    s3(backend.server.url, 'PUT', `/${BUCKET}?lifecycle`, {
      body,
      headers: { 'content-md5': md5Base64(body) },
    })

  it('GET of a bucket without rules is 404 NoSuchLifecycleConfiguration; PUT, GET, DELETE round-trip', async () => {
    const none = backend.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: BUCKET }))
    expect(await failureOf(none)).toEqual({ code: 'NoSuchLifecycleConfiguration', status: 404 })
    await backend.client.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: BUCKET,
        LifecycleConfiguration: {
          Rules: [
            { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } },
            {
              ID: 'tmp',
              Status: 'Disabled',
              Filter: {
                And: { Prefix: 'tmp/', Tags: [{ Key: 'k', Value: 'v' }], ObjectSizeGreaterThan: 10 },
              },
              NoncurrentVersionExpiration: { NoncurrentDays: 7, NewerNoncurrentVersions: 2 },
              Expiration: { Date: new Date('2030-01-01T00:00:00Z') },
            },
            {
              ID: 'uploads',
              Status: 'Enabled',
              Filter: { Prefix: '' },
              AbortIncompleteMultipartUpload: { DaysAfterInitiation: 3 },
              Expiration: { ExpiredObjectDeleteMarker: true },
            },
          ],
        },
      }),
    )
    const got = await backend.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: BUCKET }))
    expect(got.Rules).toEqual([
      { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } },
      {
        ID: 'tmp',
        Status: 'Disabled',
        Filter: { And: { Prefix: 'tmp/', Tags: [{ Key: 'k', Value: 'v' }], ObjectSizeGreaterThan: 10 } },
        Expiration: { Date: new Date('2030-01-01T00:00:00Z') },
        NoncurrentVersionExpiration: { NoncurrentDays: 7, NewerNoncurrentVersions: 2 },
      },
      {
        ID: 'uploads',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        Expiration: { ExpiredObjectDeleteMarker: true },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 3 },
      },
    ])
    await backend.client.send(new DeleteBucketLifecycleCommand({ Bucket: BUCKET }))
    const gone = backend.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: BUCKET }))
    expect(await failureOf(gone)).toEqual({ code: 'NoSuchLifecycleConfiguration', status: 404 })
  })

  it('keeps the legacy top-level Prefix and gives a rule without ID one', async () => {
    const answer = await put(
      doc(
        '<Rule><Prefix>old/</Prefix><Status>Enabled</Status><Expiration><Days>2</Days></Expiration></Rule>',
      ),
    )
    expect(answer.status).toBe(200)
    const got = await s3(backend.server.url, 'GET', `/${BUCKET}?lifecycle`)
    expect(got.text).toContain('<Prefix>old/</Prefix>')
    expect(got.text).not.toContain('<Filter>')
    expect(xmlField(got.text, 'ID')?.length).toBeGreaterThan(0)
  })

  const refusals: Array<[string, string, string, string?]> = [
    ['no rule', doc(''), 'MalformedXML'],
    ['an unknown element', doc(rule(`${expire1}<Color>red</Color>`)), 'MalformedXML'],
    ['a bad Status', doc(rule('<Status>On</Status><Expiration><Days>1</Days></Expiration>')), 'MalformedXML'],
    [
      'Days with Date',
      doc(
        rule(
          '<Status>Enabled</Status><Expiration><Days>1</Days><Date>2030-01-01T00:00:00Z</Date></Expiration>',
        ),
      ),
      'MalformedXML',
    ],
    [
      'Prefix and Tag outside And',
      doc(
        rule(
          '<Status>Enabled</Status><Filter><Prefix>a</Prefix><Tag><Key>k</Key><Value>v</Value></Tag></Filter><Expiration><Days>1</Days></Expiration>',
        ),
      ),
      'MalformedXML',
    ],
    [
      'a duplicate ID',
      doc(rule(expire1) + rule(expire1)),
      'InvalidArgument',
      'Rule ID must be unique. Found same ID for more than one rule',
    ],
    [
      'an ID past 255 characters',
      doc(rule(expire1, 'x'.repeat(256))),
      'InvalidArgument',
      'ID length should not exceed allowed limit of 255',
    ],
    [
      'zero Days',
      doc(rule('<Status>Enabled</Status><Expiration><Days>0</Days></Expiration>')),
      'InvalidArgument',
      "'Days' for Expiration action must be a positive integer",
    ],
    [
      'a Date not at midnight',
      doc(rule('<Status>Enabled</Status><Expiration><Date>2030-01-01T10:00:00Z</Date></Expiration>')),
      'InvalidArgument',
      "'Date' must be at midnight GMT",
    ],
    [
      'ExpiredObjectDeleteMarker with Days',
      doc(
        rule(
          '<Status>Enabled</Status><Expiration><Days>1</Days><ExpiredObjectDeleteMarker>true</ExpiredObjectDeleteMarker></Expiration>',
        ),
      ),
      'InvalidArgument',
      'ExpiredObjectDeleteMarker cannot be specified with Days or Date in a Lifecycle Expiration Policy',
    ],
    [
      'zero NoncurrentDays',
      doc(
        rule(
          '<Status>Enabled</Status><NoncurrentVersionExpiration><NoncurrentDays>0</NoncurrentDays></NoncurrentVersionExpiration>',
        ),
      ),
      'InvalidArgument',
    ],
    [
      'AbortIncompleteMultipartUpload with a tag filter',
      doc(
        rule(
          '<Status>Enabled</Status><Filter><Tag><Key>k</Key><Value>v</Value></Tag></Filter><AbortIncompleteMultipartUpload><DaysAfterInitiation>1</DaysAfterInitiation></AbortIncompleteMultipartUpload>',
        ),
      ),
      'InvalidArgument',
      'The action is not supported for rules that apply to objects that have tags.',
    ],
    [
      'Filter and Prefix together',
      doc(
        rule(
          '<Prefix>a</Prefix><Status>Enabled</Status><Filter></Filter><Expiration><Days>1</Days></Expiration>',
        ),
      ),
      'InvalidArgument',
    ],
    [
      'sizes that select nothing',
      doc(
        rule(
          '<Status>Enabled</Status><Filter><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan><ObjectSizeLessThan>5</ObjectSizeLessThan></Filter><Expiration><Days>1</Days></Expiration>',
        ),
      ),
      'InvalidArgument',
      'ObjectSizeGreaterThan must be less than ObjectSizeLessThan.',
    ],
    ['a rule without action', doc(rule('<Status>Enabled</Status><Filter></Filter>')), 'InvalidRequest'],
    [
      'more than 1,000 rules',
      doc(Array.from({ length: 1001 }, (_, i) => rule(expire1, `r${i}`)).join('')),
      'InvalidArgument',
      'The lifecycle configuration cannot have more than 1000 rules.',
    ],
    [
      'a Transition',
      doc(
        rule(
          '<Status>Enabled</Status><Filter></Filter><Transition><Days>1</Days><StorageClass>GLACIER</StorageClass></Transition>',
        ),
      ),
      'NotImplemented',
    ],
    [
      'a NoncurrentVersionTransition',
      doc(
        rule(
          '<Status>Enabled</Status><Filter></Filter><NoncurrentVersionTransition><NoncurrentDays>1</NoncurrentDays><StorageClass>GLACIER</StorageClass></NoncurrentVersionTransition>',
        ),
      ),
      'NotImplemented',
    ],
    ['another root element', '<CORSConfiguration></CORSConfiguration>', 'MalformedXML'],
  ]

  it.each(refusals)('refuses %s with S3 code and stores nothing', async (_what, body, code, message) => {
    await put(doc(rule(expire1, 'kept')))
    const answer = await put(body)
    expect(xmlField(answer.text, 'Code')).toBe(code)
    expect(answer.status).toBe(code === 'NotImplemented' ? 501 : 400)
    if (message) expect(xmlField(answer.text, 'Message')).toBe(message)
    if (code === 'NotImplemented') expect(answer.text).toMatch(/Transition/)
    const got = await s3(backend.server.url, 'GET', `/${BUCKET}?lifecycle`)
    expect(xmlField(got.text, 'ID')).toBe('kept')
  })
})
