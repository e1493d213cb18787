import { CreateBucketCommand, PutBucketLifecycleConfigurationCommand } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'expiring'
const DAY_MS = 86_400_000

/** S3's next-midnight rule: Last-Modified plus the days, to the next midnight UTC. */
const expected = (lastModified: string, days: number) =>
  new Date(Math.floor((Date.parse(lastModified) + days * DAY_MS) / DAY_MS) * DAY_MS + DAY_MS).toUTCString()

/** `x-amz-expiration` on GET, HEAD and PUT of an object a rule will expire (issue 14). */
describe.each(BACKENDS)('x-amz-expiration (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('names the earliest rule and its expiry date, in S3 form, and is absent when no rule applies', async () => {
    const url = backend.server.url
    expect(
      (await s3(url, 'PUT', `/${BUCKET}/pics/a.jpg`, { body: 'x' })).headers['x-amz-expiration'],
    ).toBeUndefined()
    await backend.client.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: BUCKET,
        LifecycleConfiguration: {
          Rules: [
            { ID: 'slow', Status: 'Enabled', Filter: { Prefix: 'pics/' }, Expiration: { Days: 30 } },
            {
              ID: 'picture-deletion-rule',
              Status: 'Enabled',
              Filter: { Prefix: 'pics/' },
              Expiration: { Days: 3 },
            },
            { ID: 'off', Status: 'Disabled', Filter: {}, Expiration: { Days: 1 } },
          ],
        },
      }),
    )
    const put = await s3(url, 'PUT', `/${BUCKET}/pics/b.jpg`, { body: 'y' })
    const head = await s3(url, 'HEAD', `/${BUCKET}/pics/b.jpg`)
    const want = `expiry-date="${expected(String(head.headers['last-modified']), 3)}", rule-id="picture-deletion-rule"`
    expect(head.headers['x-amz-expiration']).toBe(want)
    expect(put.headers['x-amz-expiration']).toBe(want)
    expect((await s3(url, 'GET', `/${BUCKET}/pics/b.jpg`)).headers['x-amz-expiration']).toBe(want)
    expect(want).toMatch(/^expiry-date="[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} 00:00:00 GMT", rule-id="/)
    // A key no enabled rule covers has none.
    await s3(url, 'PUT', `/${BUCKET}/docs/c`, { body: 'z' })
    expect((await s3(url, 'HEAD', `/${BUCKET}/docs/c`)).headers['x-amz-expiration']).toBeUndefined()
  })

  it('percent-encodes a rule ID that a header cannot carry', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'odd-ids' }))
    await backend.client.send(
      new PutBucketLifecycleConfigurationCommand({
        Bucket: 'odd-ids',
        LifecycleConfiguration: {
          Rules: [{ ID: 'r"€', Status: 'Enabled', Filter: {}, Expiration: { Days: 1 } }],
        },
      }),
    )
    const put = await s3(backend.server.url, 'PUT', '/odd-ids/k', { body: 'x' })
    expect(put.status).toBe(200)
    expect(put.headers['x-amz-expiration']).toContain(`rule-id="${encodeURIComponent('r"€')}"`)
  })
})
