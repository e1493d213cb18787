/** Wire shapes of the object lock methods (msw). */
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../../src/index.js'
import { MOCK_BASE, mockClient, useMockServer, xmlResponse } from '../support/msw.js'

const { server, seen } = useMockServer()
const text = async (body: Promise<Uint8Array>) => new TextDecoder().decode(await body)
const ok = () => new HttpResponse(null, { status: 200 })
const NS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"'

describe('setObjectLockConfig / getObjectLockConfig', () => {
  it('PUTs ?object-lock with the default retention (days or years) and a Content-MD5', async () => {
    server.use(http.put(`${MOCK_BASE}/records`, ok))
    await mockClient().setObjectLockConfig('records', { mode: 'GOVERNANCE', unit: 'Years', validity: 2 })
    await mockClient().setObjectLockConfig('records', {})
    expect(seen[0]!.url.search).toBe('?object-lock=')
    expect(await text(seen[0]!.body)).toBe(
      `<ObjectLockConfiguration ${NS}><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Years>2</Years></DefaultRetention></Rule></ObjectLockConfiguration>`,
    )
    expect(seen[0]!.headers.get('content-md5')).toMatch(/==$/)
    expect(await text(seen[1]!.body)).toBe(
      `<ObjectLockConfiguration ${NS}><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>`,
    )
  })

  it('refuses a partial or wrong default retention before any request', async () => {
    const c = mockClient()
    await expect(c.setObjectLockConfig('records', { mode: 'GOVERNANCE' })).rejects.toThrow(TypeError)
    await expect(
      c.setObjectLockConfig('records', { mode: 'X' as never, unit: 'Days', validity: 1 }),
    ).rejects.toThrow(/mode/)
    await expect(
      c.setObjectLockConfig('records', { mode: 'GOVERNANCE', unit: 'Weeks' as never, validity: 1 }),
    ).rejects.toThrow(/unit/)
    await expect(
      c.setObjectLockConfig('records', { mode: 'GOVERNANCE', unit: 'Days', validity: '1' as never }),
    ).rejects.toThrow(/validity/)
    expect(seen).toHaveLength(0)
  })

  it('reads { objectLockEnabled, mode, unit, validity } as minio-js', async () => {
    const answers = [
      '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>COMPLIANCE</Mode><Days>30</Days></DefaultRetention></Rule></ObjectLockConfiguration>',
      '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>',
    ]
    let n = 0
    server.use(http.get(`${MOCK_BASE}/records`, () => xmlResponse(answers[n++]!)))
    expect(await mockClient().getObjectLockConfig('records')).toEqual({
      objectLockEnabled: 'Enabled',
      mode: 'COMPLIANCE',
      unit: 'Days',
      validity: 30,
    })
    expect(await mockClient().getObjectLockConfig('records')).toEqual({ objectLockEnabled: 'Enabled' })
  })
})

describe('retention and legal hold', () => {
  it('PUTs ?retention with versionId and the bypass header; reads { mode, retainUntilDate }', async () => {
    server.use(
      http.put(`${MOCK_BASE}/records/r.pdf`, ok),
      http.get(`${MOCK_BASE}/records/r.pdf`, () =>
        xmlResponse(
          '<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>2030-01-01T00:00:00Z</RetainUntilDate></Retention>',
        ),
      ),
    )
    const c = mockClient()
    await c.putObjectRetention('records', 'r.pdf', {
      mode: 'GOVERNANCE',
      retainUntilDate: '2030-01-01T00:00:00Z',
      versionId: 'v1',
      governanceBypass: true,
    })
    expect(seen[0]!.url.searchParams.get('versionId')).toBe('v1')
    expect(seen[0]!.url.searchParams.has('retention')).toBe(true)
    expect(seen[0]!.headers.get('x-amz-bypass-governance-retention')).toBe('true')
    expect(seen[0]!.headers.get('content-md5')).toMatch(/==$/)
    expect(await text(seen[0]!.body)).toBe(
      `<Retention ${NS}><Mode>GOVERNANCE</Mode><RetainUntilDate>2030-01-01T00:00:00Z</RetainUntilDate></Retention>`,
    )
    expect(await c.getObjectRetention('records', 'r.pdf', { versionId: 'v1' })).toEqual({
      mode: 'GOVERNANCE',
      retainUntilDate: '2030-01-01T00:00:00Z',
    })
    expect(seen[1]!.url.searchParams.get('versionId')).toBe('v1')
    await expect(c.putObjectRetention('records', 'r.pdf', { mode: 'LOCKED' as never })).rejects.toThrow(
      InvalidArgumentError,
    )
    await expect(
      c.putObjectRetention('records', 'r.pdf', { governanceBypass: 'yes' as never }),
    ).rejects.toThrow(InvalidArgumentError)
  })

  it("PUTs ?legal-hold ('ON' by default) and reads { Status }, in both forms", async () => {
    server.use(
      http.put(`${MOCK_BASE}/records/r.pdf`, ok),
      http.get(`${MOCK_BASE}/records/r.pdf`, () => xmlResponse('<LegalHold><Status>ON</Status></LegalHold>')),
    )
    const c = mockClient()
    await c.setObjectLegalHold('records', 'r.pdf')
    expect(await text(seen[0]!.body)).toBe(`<LegalHold ${NS}><Status>ON</Status></LegalHold>`)
    await c.setObjectLegalHold('records', 'r.pdf', { status: 'OFF', versionId: 'v2' })
    expect(seen[1]!.url.searchParams.get('versionId')).toBe('v2')
    expect(await text(seen[1]!.body)).toBe(`<LegalHold ${NS}><Status>OFF</Status></LegalHold>`)
    const got = await new Promise((resolve, reject) =>
      c.getObjectLegalHold('records', 'r.pdf', { versionId: 'v2' }, (err, res) =>
        err ? reject(err) : resolve(res),
      ),
    )
    expect(got).toEqual({ Status: 'ON' })
    await expect(c.setObjectLegalHold('records', 'r.pdf', { status: 'on' as never })).rejects.toThrow(
      TypeError,
    )
  })
})
