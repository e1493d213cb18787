/**
 * Issue 12, defects 5 and 9: every XML request body is bounded by S3's limits before it is
 * parsed, never holds the event loop, and anything that is not a plain S3 document (a DOCTYPE,
 * an external entity, nesting past the limit, too many elements) is a 400 with a code, never 500.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { md5Base64, s3, signedHeadersFor, xmlField } from './helpers/signed-request.js'
import { startTestServer, type TestServer } from './helpers/test-server.js'

const Bucket = 'xml-bodies'
let server: TestServer
let uploadId: string

beforeAll(async () => {
  server = await startTestServer()
  await s3(server.url, 'PUT', `/${Bucket}`)
  await s3(server.url, 'PUT', `/${Bucket}/kept`, { body: 'still here' })
  const created = await s3(server.url, 'POST', `/${Bucket}/big?uploads`)
  uploadId = xmlField(created.text, 'UploadId')!
})
afterAll(async () => {
  await server.stop()
})

const EXTERNAL_ENTITY = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
const INTERNAL_ENTITY = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "kept">]>'
const nested = (depth: number) => `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`

/** Every XML body the S3 API reads, with a valid document to corrupt. */
const BODIES: Array<{
  name: string
  method: string
  target: () => string
  root: string
  inner: string
  /** Empty elements far past the kind's element limit, yet under its byte limit. */
  elements: number
}> = [
  {
    name: 'DeleteObjects',
    method: 'POST',
    target: () => `/${Bucket}?delete`,
    root: 'Delete',
    inner: '<Object><Key>&x;</Key></Object>',
    elements: 200_000,
  },
  {
    name: 'CompleteMultipartUpload',
    method: 'POST',
    target: () => `/${Bucket}/big?uploadId=${uploadId}`,
    root: 'CompleteMultipartUpload',
    inner: '<Part><PartNumber>1</PartNumber><ETag>&x;</ETag></Part>',
    elements: 200_000,
  },
  {
    name: 'PutBucketNotificationConfiguration',
    method: 'PUT',
    target: () => `/${Bucket}?notification`,
    root: 'NotificationConfiguration',
    inner: '<QueueConfiguration><Id>&x;</Id></QueueConfiguration>',
    elements: 60_000,
  },
  {
    name: 'CreateBucket',
    method: 'PUT',
    target: () => '/xml-bodies-new',
    root: 'CreateBucketConfiguration',
    inner: '<LocationConstraint>&x;</LocationConstraint>',
    elements: 16_000,
  },
]

async function codeOf(method: string, target: string, body: string): Promise<[number, string | undefined]> {
  const res = await s3(server.url, method, target, { body, headers: { 'content-md5': md5Base64(body) } })
  return [res.status, xmlField(res.text, 'Code')]
}

describe.each(BODIES)('$name body', ({ method, target, root, inner, elements }) => {
  it('with a DOCTYPE and an external entity → 400 MalformedXML', async () => {
    const body = `${EXTERNAL_ENTITY}<${root}>${inner}</${root}>`
    expect(await codeOf(method, target(), body)).toEqual([400, 'MalformedXML'])
  })

  it('with an internal DOCTYPE entity → 400 MalformedXML (no DTD is ever read)', async () => {
    const body = `${INTERNAL_ENTITY}<${root}>${inner}</${root}>`
    expect(await codeOf(method, target(), body)).toEqual([400, 'MalformedXML'])
  })

  it('nested past the limit → 400 MalformedXML', async () => {
    for (const depth of [101, 5000]) {
      const body = `<${root}>${nested(depth)}</${root}>`
      expect(await codeOf(method, target(), body)).toEqual([400, 'MalformedXML'])
    }
  })

  it('with far too many elements → 400 MalformedXML', async () => {
    const body = `<${root}>${'<a/>'.repeat(elements)}</${root}>`
    expect(await codeOf(method, target(), body)).toEqual([400, 'MalformedXML'])
  })
})

describe('limits of S3 documents', () => {
  it('CompleteMultipartUpload naming more than 10,000 parts → 400 MalformedXML', async () => {
    const parts = Array.from(
      { length: 10_001 },
      (_, i) => `<Part><PartNumber>${(i % 10_000) + 1}</PartNumber><ETag>"e"</ETag></Part>`,
    ).join('')
    const body = `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`
    expect(await codeOf('POST', `/${Bucket}/big?uploadId=${uploadId}`, body)).toEqual([400, 'MalformedXML'])
  })

  it('a document declaring more bytes than its kind allows → 400 MaxMessageLengthExceeded, body unread', async () => {
    const res = await sendDeclared(`/${Bucket}?delete`, 'POST', 64 * 1024 * 1024, '<Delete>')
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'MaxMessageLengthExceeded'])
  })

  it('a DeleteObjects of 1,000 keys of 1,024 escaped bytes each still works', async () => {
    const key = (i: number) => `${String(i).padStart(4, '0')}${'&'.repeat(1020)}`
    const escaped = (k: string) => k.replaceAll('&', '&amp;')
    const objects = Array.from({ length: 1000 }, (_, i) => `<Object><Key>${escaped(key(i))}</Key></Object>`)
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">\n  <Quiet>true</Quiet>\n  ${objects.join('\n  ')}\n</Delete>`
    const res = await s3(server.url, 'POST', `/${Bucket}?delete`, {
      body,
      headers: { 'content-md5': md5Base64(body) },
    })
    expect([res.status, res.text.includes('<Error>')]).toEqual([200, false])
  })
})

describe('a hostile 8 MiB DeleteObjects body (2 M empty elements)', () => {
  // As large as a Delete body may be (8 MiB), all of it markup.
  const bomb = `<Delete>${'<a/>'.repeat(Math.floor((8 * 1024 * 1024 - 17) / 4))}</Delete>`

  it('is refused (MalformedXML) before the server has even read it all', async () => {
    // Only the first 1 MiB is sent; the server must answer without waiting for the rest, so it
    // cannot have parsed the document (today's server waits for all 8 MiB, then parses).
    const res = await sendDeclared(`/${Bucket}?delete`, 'POST', bomb.length, bomb.slice(0, 1024 * 1024))
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'MalformedXML'])
  })

  it('sent whole is refused, and requests sent meanwhile are answered', async () => {
    const refused = s3(server.url, 'POST', `/${Bucket}?delete`, { body: bomb })
    const others = Array.from({ length: 5 }, () => s3(server.url, 'GET', `/${Bucket}/kept`))
    const [res, ...answered] = await Promise.all([refused, ...others])
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'MalformedXML'])
    for (const other of answered) expect([other.status, other.text]).toEqual([200, 'still here'])
  })
})

/**
 * Sends signed headers declaring `declared` bytes (UNSIGNED-PAYLOAD), then only `sent`, and
 * resolves with the answer that arrives while the rest is still owed; the socket is then cut.
 */
function sendDeclared(
  target: string,
  method: string,
  declared: number,
  sent: string,
): Promise<{ status: number; text: string }> {
  const headers = signedHeadersFor(server.url, method, target, { 'content-length': String(declared) })
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${target}`, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text })
        req.destroy()
      })
    })
    req.on('error', reject)
    req.write(sent)
  })
}
