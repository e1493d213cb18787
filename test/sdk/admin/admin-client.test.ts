import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { AdminClient, InvalidArgumentError, S3Error } from '../../../src/index.js'
import { decryptAdminBody } from '../../../src/shared/admin-crypto/index.js'
import { useMockServer } from '../support/msw.js'
import { sha256 } from '../support/verify-sigv4.js'

const { server, seen } = useMockServer()
const BASE = 'https://admin.example.com'
const SECRET = 'root-secret-key'
const admin = () => new AdminClient({ endPoint: 'admin.example.com', accessKey: 'root', secretKey: SECRET })

describe('AdminClient on the wire', () => {
  it('signs the real payload hash even over HTTPS, with an empty region in the scope', async () => {
    server.use(
      http.put(`${BASE}/silo/admin/v1/users/bot/status`, () => new HttpResponse(null, { status: 204 })),
    )
    await admin().setUserStatus('bot', 'disabled')
    const [request] = seen
    const body = await request!.body
    expect(new TextDecoder().decode(body)).toBe('{"status":"disabled"}')
    expect(request!.headers.get('x-amz-content-sha256')).toBe(sha256(body))
    expect(request!.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=root\/\d{8}\/\/s3\/aws4_request, /,
    )
  })

  it('sends secrets only encrypted with the secret key', async () => {
    server.use(http.put(`${BASE}/silo/admin/v1/credential`, () => new HttpResponse(null, { status: 204 })))
    await admin().setCredentials('new-root', 'brand-new-secret')
    const body = await seen[0]!.body
    expect(Buffer.from(body).includes(Buffer.from('brand-new-secret'))).toBe(false)
    const plain = JSON.parse(new TextDecoder().decode(await decryptAdminBody(SECRET, body)))
    expect(plain).toEqual({ accessKey: 'new-root', secretKey: 'brand-new-secret' })
  })

  it('turns admin JSON errors into S3Error with the code, in both API forms', async () => {
    const error = {
      Code: 'XSiloAdminNoSuchUser',
      Message: "The user 'ghost' does not exist.",
      Resource: '/silo/admin/v1/users/ghost',
      RequestId: 'ABC123',
    }
    server.use(
      http.delete(`${BASE}/silo/admin/v1/users/ghost`, () => HttpResponse.json(error, { status: 404 })),
    )
    const rejected = await admin()
      .removeUser('ghost')
      .catch((e: unknown) => e)
    expect(rejected).toBeInstanceOf(S3Error)
    expect(rejected).toMatchObject({
      code: 'XSiloAdminNoSuchUser',
      statusCode: 404,
      requestId: 'ABC123',
      resource: '/silo/admin/v1/users/ghost',
      message: "The user 'ghost' does not exist.",
    })
    const viaCallback = await new Promise((resolve) => admin().removeUser('ghost', resolve))
    expect(viaCallback).toMatchObject({ code: 'XSiloAdminNoSuchUser' })
  })

  it('a proxy error page (not JSON) still gives an S3Error from the status', async () => {
    server.use(
      http.get(
        `${BASE}/silo/admin/v1/info`,
        () => new HttpResponse('<html>bad gateway</html>', { status: 502 }),
      ),
    )
    await expect(admin().serverInfo()).rejects.toMatchObject({
      name: 'S3Error',
      code: 'InternalError',
      statusCode: 502,
    })
  })

  it('refuses anonymous construction and bad arguments before sending anything', async () => {
    expect(() => new AdminClient({ endPoint: 'admin.example.com' })).toThrow(InvalidArgumentError)
    await expect(admin().serviceRestart({ drainSeconds: -1 })).rejects.toThrow(/drainSeconds/)
    await expect(admin().heal({ prefix: 'a/' })).rejects.toThrow(/prefix needs a bucket/)
    expect(seen).toEqual([])
  })
})
