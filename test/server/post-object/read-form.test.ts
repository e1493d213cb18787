/**
 * Hostile multipart/form-data bodies for POST Object. Found by
 * test/property/post-policy.property.test.ts (issue 12), each ended the server process with one
 * unauthenticated request: a part whose Content-Disposition has an empty or no `name` (busboy
 * reports the name as undefined, and the field handler threw outside any promise); a second
 * malformed part (the parser's error listener was `once`); a malformed part after the file of a
 * refused form (the file stream was destroyed with an error nobody listened for). And a signed
 * form cut short inside its file answered 500 (busboy fails the file with a plain Error).
 */

import { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { readPostForm } from '../../../src/server/handlers/post-object/read-form.js'
import { computeSignature, deriveSigningKey, formatAmzDate } from '../../../src/shared/sigv4/index.js'
import { s3, send, xmlField } from '../helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../helpers/test-server.js'

let server: TestServer
const BUCKET = 'form-parts'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
})
afterAll(() => server.stop())

function post(parts: string[], cut = 0) {
  const whole = Buffer.from(`${parts.map((p) => `--B\r\n${p}\r\n`).join('')}--B--\r\n`)
  const body = whole.subarray(0, whole.length - cut)
  const url = new URL(`/${BUCKET}`, server.url)
  return send(url, 'POST', { host: url.host, 'content-type': 'multipart/form-data; boundary=B' }, body)
}

const FILE = 'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello'

describe('POST Object form parts without a name', () => {
  it.each([
    ['an empty name', 'Content-Disposition: form-data; name=""\r\n\r\nvalue'],
    ['no name at all', 'Content-Disposition: form-data\r\n\r\nvalue'],
  ])('a field with %s is ignored, and the form is refused for what it lacks', async (_, part) => {
    const res = await post([part, 'Content-Disposition: form-data; name="key"\r\n\r\nk', FILE])
    // Anonymous form, no bucket policy: refused by authorization, not by a crash.
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AccessDenied')
  })

  it('a file part without a name is not the upload: MalformedPOSTRequest', async () => {
    const res = await post([
      'Content-Disposition: form-data; name="key"\r\n\r\nk',
      'Content-Disposition: form-data; filename="a.txt"\r\n\r\nhello',
    ])
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('MalformedPOSTRequest')
  })

  it('the server still answers afterwards', async () => {
    expect((await s3(server.url, 'GET', `/${BUCKET}`)).status).toBe(200)
  })
})

describe('a signed POST form cut short inside its file', () => {
  it('answers MalformedPOSTRequest and stores nothing', async () => {
    const amzDate = formatAmzDate(new Date())
    const day = amzDate.slice(0, 8)
    const policy = Buffer.from(
      JSON.stringify({
        expiration: new Date(Date.now() + 600_000).toISOString(),
        conditions: [
          { bucket: BUCKET },
          { key: 'cut' },
          ...['algorithm', 'credential', 'date'].map((f) => ['starts-with', `$x-amz-${f}`, '']),
        ],
      }),
    ).toString('base64')
    const signature = computeSignature(
      nodeCrypto,
      deriveSigningKey(nodeCrypto, ROOT.secretKey, day, 'us-east-1'),
      policy,
    )
    const fields = {
      key: 'cut',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': `${ROOT.accessKey}/${day}/us-east-1/s3/aws4_request`,
      'x-amz-date': amzDate,
      policy,
      'x-amz-signature': signature,
    }
    const parts = Object.entries(fields).map(
      ([n, v]) => `Content-Disposition: form-data; name="${n}"\r\n\r\n${v}`,
    )
    const file = `Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'x'.repeat(1000)}`
    const res = await post([...parts, file], 500)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('MalformedPOSTRequest')
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/cut`)).status).toBe(404)
  })
})

describe('readPostForm after the first error', () => {
  /** Reads `body` as a form, gives up on its file at once (as a refused form does), and reports any uncaught error. */
  async function readAndAbandon(body: string): Promise<{ outcome: string; uncaught: unknown[] }> {
    const uncaught: unknown[] = []
    const capture = (e: unknown) => uncaught.push(e)
    process.on('uncaughtException', capture)
    try {
      const req = Object.assign(Readable.from([Buffer.from(body)]), {
        headers: { 'content-type': 'multipart/form-data; boundary=B' },
      })
      const outcome = await readPostForm(req as never).then(
        (form) => {
          form.file.resume()
          return 'form'
        },
        (e: { code?: string }) => String(e.code),
      )
      await finished(req)
      await new Promise((resolve) => setImmediate(resolve))
      return { outcome, uncaught }
    } finally {
      process.off('uncaughtException', capture)
    }
  }

  const FIELD = '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n'
  const FILE_PART = '--B\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nhello\r\n'

  it.each([
    ['two malformed parts', `${FIELD}--B\r\nbad\r\n\r\nx\r\n--B\r\nbad\r\n\r\n--B--`, 'MalformedPOSTRequest'],
    ['a malformed part after the file', `${FILE_PART}--B\r\nbad header\r\n\r\nx\r\n--B--\r\n`, 'form'],
    ['a body cut short after the file', `${FILE_PART}--B\r\nbad\r\n`, 'form'],
  ])('%s: answered once, nothing thrown outside the request', async (_, body, outcome) => {
    const result = await readAndAbandon(body)
    expect(result).toEqual({ outcome, uncaught: [] })
  })
})
