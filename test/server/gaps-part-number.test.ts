import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3, xmlField } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

const B = '/partnum'
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await s3(server.url, 'PUT', B)
  await s3(server.url, 'PUT', `${B}/single`, { body: '0123456789' })
})
afterAll(() => server.stop())

describe('partNumber past the last part', () => {
  it('GET answers 400 InvalidPartNumber naming the part asked for and the part count', async () => {
    const res = await s3(server.url, 'GET', `${B}/single?partNumber=2`)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidPartNumber')
    expect(xmlField(res.text, 'Message')).toBe('The requested partnumber is not satisfiable.')
    expect(xmlField(res.text, 'PartNumberRequested')).toBe('2')
    expect(xmlField(res.text, 'ActualPartCount')).toBe('1')
  })

  it('HEAD answers 400 with no body', async () => {
    const res = await s3(server.url, 'HEAD', `${B}/single?partNumber=3`)
    expect(res.status).toBe(400)
    expect(res.body.length).toBe(0)
  })

  it('part 1 of a single-part object is still the whole object', async () => {
    const res = await s3(server.url, 'GET', `${B}/single?partNumber=1`)
    expect(res.status).toBe(206)
    expect(res.text).toBe('0123456789')
  })
})
