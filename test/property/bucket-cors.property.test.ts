/**
 * Bucket CORS under hostile input (issue 19): PutBucketCors with a mutated CORSConfiguration
 * answers 200 or a 4xx with a code, never 5xx; whatever it stored, GetBucketCors reads it back
 * and preflights and actual requests with any Origin, method and requested headers are answered
 * 200 or 403, never 5xx (a stored rule is sent back in response headers, so a rule that would
 * make an invalid header must never be stored).
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3 } from '../server/helpers/signed-request.js'
import type { TestServer } from '../server/helpers/test-server.js'
import { expectNoServerError } from './helpers/client-error.js'
import { hostileVariantOf, nastyText, toHeaderValue } from './helpers/mutate.js'
import { BACKENDS } from './helpers/servers.js'

const CORS = `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><CORSRule><ID>r1</ID><AllowedOrigin>https://*.example</AllowedOrigin><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>x-amz-*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>30</MaxAgeSeconds></CORSRule><CORSRule><AllowedOrigin>https://a.example</AllowedOrigin><AllowedMethod>HEAD</AllowedMethod></CORSRule></CORSConfiguration>`

// Any text an element can hold, escaped: so stored rules carry hostile values (line breaks,
// control and non-Latin-1 characters) that the answers to browsers then meet. Methods and ages
// are mostly valid, so most documents are stored and their hostile texts reach the answers.
const escapeXml = (t: string) =>
  t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('\r', '&#13;').replaceAll('\n', '&#10;')
const anyText = fc
  .oneof(fc.constantFrom('*', 'x-amz-*', 'ETag', 'a\nb', 'é', '😀', ''), nastyText(30))
  .map((t) => escapeXml([...t].filter(isXmlChar).join('')))
const mostly = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: anyText })
const field = fc.oneof(
  fc.tuple(fc.constantFrom('AllowedOrigin', 'AllowedHeader', 'ExposeHeader'), anyText),
  fc.tuple(fc.constant('AllowedMethod'), mostly(fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'HEAD'))),
  fc.tuple(fc.constant('MaxAgeSeconds'), mostly(fc.stringMatching(/^[0-9]{1,6}$/))),
)
const structuredCors = fc
  .array(fc.array(field, { maxLength: 3 }), { minLength: 1, maxLength: 2 })
  .map((rules) => {
    const body = rules
      .map((fields) => {
        // Every rule gets an origin and a method, so many documents get past the schema check.
        const inner = fields.map(([name, text]) => `<${name}>${text}</${name}>`).join('')
        return `<CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>${inner}</CORSRule>`
      })
      .join('')
    return `<CORSConfiguration>${body}</CORSConfiguration>`
  })

function isXmlChar(c: string): boolean {
  const code = c.codePointAt(0) ?? 0
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  )
}

const headerText = fc.oneof(
  fc.constantFrom('https://a.example', 'https://b.c.example', '*', 'null'),
  nastyText(60),
)
const method = fc.oneof(fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'HEAD', 'OPTIONS'), nastyText(10))

describe.each(BACKENDS)('bucket CORS under hostile input (server: %s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/cors-property')
    await s3(server.url, 'PUT', '/cors-property/k', { body: 'x' })
  })
  afterAll(() => server.stop())

  it('PutBucketCors with a mutated document answers 200 or a 4xx code; what it stored reads back and answers browsers', async () => {
    expect((await s3(server.url, 'PUT', '/cors-property?cors', { body: CORS })).status).toBe(200)
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 1, arbitrary: hostileVariantOf(CORS) }, { weight: 2, arbitrary: structuredCors }),
        headerText,
        method,
        headerText,
        async (body, origin, asked, headers) => {
          expectNoServerError(await s3(server.url, 'PUT', '/cors-property?cors', { body }))
          expectNoServerError(await s3(server.url, 'GET', '/cors-property?cors'))
          const preflight = await s3(server.url, 'OPTIONS', '/cors-property/k', {
            anonymous: true,
            headers: {
              origin: toHeaderValue(origin),
              'access-control-request-method': toHeaderValue(asked),
              'access-control-request-headers': toHeaderValue(headers),
            },
          })
          expectNoServerError(preflight, 'OPTIONS')
          const get = await s3(server.url, 'GET', '/cors-property/k', {
            headers: { origin: toHeaderValue(origin) },
          })
          expectNoServerError(get)
        },
      ),
      { numRuns: 100 },
    )
  })
})
