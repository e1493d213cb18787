/**
 * docs/s3-compatibility.md stays true: every routed operation has one row, "supported" exactly
 * when Silo has a handler, and every "refused" row (operations and header families) answers its
 * error on both backends (issue 19).
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HANDLERS } from '../../src/server/handlers/index.js'
import { ROUTE_TABLE } from '../../src/server/router/route-table.js'
import { BACKENDS } from '../property/helpers/servers.js'
import { s3, xmlField } from './helpers/signed-request.js'
import type { TestServer } from './helpers/test-server.js'

interface DocRow {
  name: string
  request: string
  status: string
  answer: string
}

const DOC = readFileSync(new URL('../../docs/s3-compatibility.md', import.meta.url), 'utf8')
const [OPERATIONS_PART = '', HEADERS_PART = ''] = DOC.split('\n## Request headers\n')
const ROW = /^\| ([^|]+?) \| (.+?) \| (supported|refused|n\/a) \| (.*?) ?\|$/

function rowsOf(text: string): DocRow[] {
  return text.split('\n').flatMap((line) => {
    const m = ROW.exec(line)
    return m
      ? [{ name: m[1] as string, request: m[2] as string, status: m[3] as string, answer: m[4] as string }]
      : []
  })
}

const OPERATION_ROWS = rowsOf(OPERATIONS_PART)
const HEADER_ROWS = rowsOf(HEADERS_PART)
const BUCKET = 'compat-doc'

/** `GET /bucket?acl` (the doc's form) for a route row. */
function requestOf(method: string, level: string, condition: string): string {
  const path = level === 'service' ? '/' : level === 'bucket' ? '/bucket' : '/bucket/key'
  const terms = condition.split('&').filter((t) => t !== '')
  const query = terms.filter((t) => !t.startsWith('@'))
  const headers = terms.filter((t) => t.startsWith('@')).map((t) => ` + ${t.slice(1)}`)
  return `\`${method} ${path}${query.length > 0 ? `?${query.join('&')}` : ''}${headers.join('')}\``
}

/** Example headers for each refused header family of the doc, by the family's name. */
const HEADER_EXAMPLES: Record<string, Record<string, string>> = {
  'SSE-KMS': {
    'x-amz-server-side-encryption': 'aws:kms',
    'x-amz-server-side-encryption-aws-kms-key-id': 'k',
  },
  'Malformed encryption headers': {
    'x-amz-server-side-encryption': 'AES256',
    'x-amz-server-side-encryption-aws-kms-key-id': 'k',
  },
  // A copy source's key without a copy (PutObject).
  'Encryption headers on other operations': {
    'x-amz-copy-source-server-side-encryption-customer-algorithm': 'AES256',
  },
  'Object Lock on writes': { 'x-amz-object-lock-legal-hold': 'ON' },
  'Website redirect': { 'x-amz-website-redirect-location': '/elsewhere' },
}

describe('docs/s3-compatibility.md × the route table', () => {
  it.each(
    ROUTE_TABLE.map(([method, level, condition, operation]) => ({ method, level, condition, operation })),
  )('$operation has one row with its request and its status', ({ method, level, condition, operation }) => {
    const rows = OPERATION_ROWS.filter((r) => r.name === operation)
    expect(rows).toHaveLength(1)
    const row = rows[0] as DocRow
    expect(row.request).toBe(requestOf(method, level, condition))
    if (HANDLERS[operation]) {
      expect(row.status).toBe('supported')
    } else {
      expect(row.status).toBe('refused')
      expect(row.answer).toMatch(/^501 NotImplemented/)
    }
  })

  it('lists every header family it refuses with an example the test sends', () => {
    const refused = HEADER_ROWS.filter((r) => r.status === 'refused').map((r) => r.name)
    expect(refused.sort()).toEqual(Object.keys(HEADER_EXAMPLES).sort())
  })
})

describe.each(BACKENDS)(
  'docs/s3-compatibility.md: every refused row answers its error (%s)',
  (_name, start) => {
    let server: TestServer
    beforeAll(async () => {
      server = await start()
      expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
      expect((await s3(server.url, 'PUT', `/${BUCKET}/key`, { body: 'k' })).status).toBe(200)
    })
    afterAll(() => server.stop())

    it('operations', async () => {
      const refused = OPERATION_ROWS.filter((r) => r.status === 'refused')
      expect(refused.length).toBeGreaterThan(30)
      for (const row of refused) {
        const m = /^`([A-Z]+) (\/\S*)`$/.exec(row.request)
        expect(m, row.request).not.toBeNull()
        const [, method, target] = m as RegExpExecArray
        const [status, code] = (row.answer.match(/^(\d{3}) (\w+)/) ?? []).slice(1)
        const res = await s3(
          server.url,
          method as string,
          (target as string).replace('/bucket', `/${BUCKET}`),
        )
        expect([String(res.status), xmlField(res.text, 'Code')], `${row.name}: ${row.request}`).toEqual([
          status,
          code,
        ])
      }
      // None of them changed the bucket or its object.
      expect((await s3(server.url, 'GET', `/${BUCKET}/key`)).text).toBe('k')
    })

    it('header families', async () => {
      for (const row of HEADER_ROWS.filter((r) => r.status === 'refused')) {
        const [status, code] = (row.answer.match(/^(\d{3}) (\w+)/) ?? []).slice(1)
        const headers = HEADER_EXAMPLES[row.name] as Record<string, string>
        const res = await s3(server.url, 'PUT', `/${BUCKET}/refused`, { body: 'x', headers })
        expect([String(res.status), xmlField(res.text, 'Code')], row.name).toEqual([status, code])
      }
      expect((await s3(server.url, 'HEAD', `/${BUCKET}/refused`)).status).toBe(404)
    })
  },
)
