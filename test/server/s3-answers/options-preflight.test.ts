import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'

describe.each(BACKENDS)('OPTIONS that is not a complete preflight (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/preflight')
  })
  afterAll(() => server.stop())

  it('without Origin: 400 BadRequest, as S3', async () => {
    for (const target of ['/preflight/k', '/preflight', '/']) {
      const res = await s3(server.url, 'OPTIONS', target, {
        anonymous: true,
        headers: { 'access-control-request-method': 'GET' },
      })
      expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'BadRequest'])
      expect(xmlField(res.text, 'Message')).toBe('Insufficient information. Origin request header needed.')
    }
  })

  it('without Access-Control-Request-Method: 400 BadRequest', async () => {
    const res = await s3(server.url, 'OPTIONS', '/preflight/k', {
      anonymous: true,
      headers: { origin: 'https://app.example' },
    })
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'BadRequest'])
    expect(xmlField(res.text, 'Message')).toBe('Invalid Access-Control-Request-Method: null')
  })

  it('a complete preflight is still answered 200', async () => {
    const res = await s3(server.url, 'OPTIONS', '/preflight/k', {
      anonymous: true,
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' },
    })
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example')
  })
})
