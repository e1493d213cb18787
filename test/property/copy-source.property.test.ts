/**
 * x-amz-copy-source under hostile input (issue 12): CopyObject and UploadPartCopy with any
 * copy source (keys past 1,024 bytes, invalid bucket names, bad escapes, version ids) and any
 * x-amz-copy-source-range answer success or a 4xx with a code, never 5xx.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3, xmlField } from '../server/helpers/signed-request.js'
import type { TestServer } from '../server/helpers/test-server.js'
import { expectNoServerError } from './helpers/client-error.js'
import { hostileVariantOf, nastyText, percentEncode, toHeaderValue } from './helpers/mutate.js'
import { BACKENDS } from './helpers/servers.js'

const B = 'copy-source-property'

const name = fc.oneof(
  fc.constantFrom(B, 'k', 'a', 'no-such-bucket'),
  fc.integer({ min: 1000, max: 5000 }).map((n) => 'k'.repeat(n)),
  fc.integer({ min: 64, max: 300 }).map((n) => 'b'.repeat(n)),
  nastyText(30),
)
const copySource = fc.oneof(
  fc
    .tuple(name, name, fc.boolean())
    .map(([bucket, key, slash]) => `${slash ? '/' : ''}${percentEncode(bucket)}/${percentEncode(key)}`),
  hostileVariantOf(`/${B}/k`, `${B}/k?versionId=null`),
)

describe.each(BACKENDS)('x-amz-copy-source (server: %s)', (_, start) => {
  let server: TestServer
  let uploadId = ''

  beforeAll(async () => {
    server = await start()
    expect((await s3(server.url, 'PUT', `/${B}`)).status).toBe(200)
    expect((await s3(server.url, 'PUT', `/${B}/k`, { body: 'hello copy' })).status).toBe(200)
    uploadId = xmlField((await s3(server.url, 'POST', `/${B}/mpu?uploads`)).text, 'UploadId') ?? ''
  })
  afterAll(() => server.stop())

  it('CopyObject and UploadPartCopy with any copy source answer success or a 4xx with a code', async () => {
    const range = fc.option(fc.oneof(hostileVariantOf('bytes=0-4'), nastyText(20)), { nil: undefined })
    await fc.assert(
      fc.asyncProperty(copySource, range, fc.boolean(), async (source, sourceRange, part) => {
        const headers: Record<string, string> = { 'x-amz-copy-source': toHeaderValue(source) }
        if (sourceRange !== undefined) headers['x-amz-copy-source-range'] = toHeaderValue(sourceRange)
        const target = part ? `/${B}/mpu?partNumber=1&uploadId=${uploadId}` : `/${B}/copy`
        expectNoServerError(await s3(server.url, 'PUT', target, { headers }))
      }),
      { numRuns: 150 },
    )
  })
})
