import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { presignedUrl, s3, send, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'

describe.each(BACKENDS)('a presigned URL whose X-Amz-Expires is out of range (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/presigned')
    await s3(server.url, 'PUT', '/presigned/k', { body: 'hello' })
  })
  afterAll(() => server.stop())
  /** GET of the object through a URL presigned with this X-Amz-Expires. */
  const getWithExpires = (expires: number) =>
    send(presignedUrl(server.url, 'GET', '/presigned/k', { expires }), 'GET', {}, Buffer.alloc(0))

  it('over a week: 403 AuthorizationQueryParametersError with S3 message', async () => {
    const res = await getWithExpires(604_801)
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AuthorizationQueryParametersError')
    expect(xmlField(res.text, 'Message')).toBe(
      'X-Amz-Expires must be less than a week (in seconds) that is 604800',
    )
  })

  it('negative: 403 AuthorizationQueryParametersError, "must be non-negative"', async () => {
    const res = await getWithExpires(-1)
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AuthorizationQueryParametersError')
    expect(xmlField(res.text, 'Message')).toBe('X-Amz-Expires must be non-negative')
  })

  it('exactly a week still works', async () => {
    const res = await getWithExpires(604_800)
    expect([res.status, res.text]).toEqual([200, 'hello'])
  })
})
