/**
 * The property every network parser must hold: it returns, or throws an error that names a
 * catalogued S3 code whose status is 4xx. Anything else (a TypeError, a RangeError, a stack
 * overflow, a 5xx code) is what would reach a client as 500 InternalError.
 */
import { XMLValidator } from 'fast-xml-parser'
import { expect } from 'vitest'
import { S3_ERRORS, type S3ErrorCode } from '../../../src/shared/errors/catalogue.js'

/** The code of an error that carries a catalogued 4xx S3 code, or undefined. */
export function clientErrorCode(e: unknown): S3ErrorCode | undefined {
  if (!(e instanceof Error) || !('code' in e) || typeof e.code !== 'string') return undefined
  const entry = (S3_ERRORS as Record<string, { status: number } | undefined>)[e.code]
  if (entry === undefined || entry.status < 400 || entry.status > 499) return undefined
  return e.code as S3ErrorCode
}

/** Fails with the unexpected error itself (so fast-check prints its stack) unless it is a 4xx S3 error. */
export function expectClientError(e: unknown): S3ErrorCode {
  const code = clientErrorCode(e)
  if (code === undefined) {
    const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
    throw new Error(`expected a 4xx S3 error, got ${what}`, { cause: e })
  }
  return code
}

/** Runs `parse`: its value when it succeeds, undefined after a 4xx S3 error; fails otherwise. */
export function parseOrClientError<T>(parse: () => T): T | undefined {
  try {
    return parse()
  } catch (e) {
    expectClientError(e)
    return undefined
  }
}

/** {@link parseOrClientError} for async parsers. */
export async function parseOrClientErrorAsync<T>(parse: () => Promise<T>): Promise<T | undefined> {
  try {
    return await parse()
  } catch (e) {
    expectClientError(e)
    return undefined
  }
}

/** An HTTP answer as the property checks it. */
export interface AnswerLike {
  status: number
  text: string
  headers: Record<string, string | string[] | undefined>
  /** Node's HTTP parser refused the request before Silo saw it (a bare 400): nothing to check. */
  rejectedByHttpParser?: boolean
}

/**
 * A server answer to hostile input: below 500 (or 501 NotImplemented), and an error answer (unless Node's HTTP parser
 * refused the request before Silo saw it) carries a `<Code>` (XML)
 * or `"Code"` (admin JSON) naming a catalogued code of that status. Returns the code.
 */
export function expectNoServerError(res: AnswerLike, method = 'GET'): string | undefined {
  // 501 NotImplemented is S3's answer for an operation this server does not offer, not a fault.
  const notImplemented = res.status === 501 && codeOf(res) === 'NotImplemented'
  if (res.status >= 500 && !notImplemented) {
    throw new Error(`answered ${res.status}: ${res.text.slice(0, 600)}`)
  }
  if (res.status < 400 || method === 'HEAD' || isFromHttpParser(res)) return undefined
  const code = codeOf(res)
  if (code === undefined) throw new Error(`error ${res.status} without a Code: ${res.text.slice(0, 300)}`)
  const entry = (S3_ERRORS as Record<string, { status: number } | undefined>)[code]
  expect(entry, `code ${code} is in the catalogue`).toBeDefined()
  expect(entry?.status, `status of ${code}`).toBe(res.status)
  return code
}

// Node's HTTP parser answers a request it cannot read (bad framing 400, headers past 16 KiB 431)
// before Silo sees it; every answer of Silo's carries a request id.
function isFromHttpParser(res: AnswerLike): boolean {
  return res.rejectedByHttpParser ?? (res.status < 500 && res.headers['x-amz-request-id'] === undefined)
}

function codeOf(res: AnswerLike): string | undefined {
  const type = String(res.headers['content-type'] ?? '')
  if (type.includes('json')) {
    try {
      const { Code } = JSON.parse(res.text) as { Code?: unknown }
      return typeof Code === 'string' ? Code : undefined
    } catch {
      return undefined
    }
  }
  const v = XMLValidator.validate(res.text)
  if (v !== true)
    throw new Error(
      `error body is not well-formed XML: ${JSON.stringify(v)} ${JSON.stringify(res.text.slice(0, 400))}`,
    )
  return /<Code>([^<]+)<\/Code>/.exec(res.text)?.[1]
}
