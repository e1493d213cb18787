/**
 * traceOn's text: minio-js's layout, with every secret a header can carry redacted (the
 * signature, the session token, SSE-C keys of the object and of a copy source).
 */
import { describe, expect, it } from 'vitest'
import { S3Error } from '../../../src/index.js'
import { formatTrace } from '../../../src/sdk/operations/compat/trace.js'

describe('formatTrace', () => {
  it('writes the request, the answer and the error in minio-js’s layout, secrets redacted', () => {
    const signature = 'a'.repeat(64)
    const text = formatTrace({
      method: 'PUT',
      path: '/photos/a.jpg?uploadId=1',
      requestHeaders: {
        host: 'localhost:9000',
        authorization: `AWS4-HMAC-SHA256 Credential=AK/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=${signature}`,
        'x-amz-security-token': 'session-secret',
        'x-amz-server-side-encryption-customer-key': 'object-key-secret',
        'x-amz-copy-source-server-side-encryption-customer-key': 'source-key-secret',
      },
      status: 403,
      responseHeaders: { 'x-amz-request-id': 'R1', 'set-cookie': ['a=1', 'b=2'] },
      error: new S3Error('Access Denied.', { code: 'AccessDenied', statusCode: 403 }),
    })
    expect(text).toMatch(/^REQUEST: PUT \/photos\/a\.jpg\?uploadId=1\nhost: localhost:9000\n/)
    expect(text).toContain('Signature=**REDACTED**')
    for (const secret of [signature, 'session-secret', 'object-key-secret', 'source-key-secret']) {
      expect(text).not.toContain(secret)
    }
    expect(text).toContain('x-amz-security-token: **REDACTED**\n')
    expect(text).toContain('\n\nRESPONSE: 403\nx-amz-request-id: R1\nset-cookie: a=1, b=2\n\nERROR BODY:\n')
    expect(JSON.parse(text.slice(text.indexOf('ERROR BODY:\n') + 12))).toMatchObject({
      name: 'S3Error',
      code: 'AccessDenied',
      statusCode: 403,
    })
  })

  it('writes only the request when no answer came', () => {
    const text = formatTrace({ method: 'GET', path: '/', requestHeaders: { host: 'h' } })
    expect(text).toBe('REQUEST: GET /\nhost: h\n\n')
  })
})
