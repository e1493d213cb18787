/**
 * `traceOn(stream)`: each request and its answer written to a stream in minio-js's layout —
 * `REQUEST: METHOD path`, the headers one per line (the signature in `authorization`, the
 * session token and SSE-C keys redacted — minio-js prints the last two),
 * a blank line, `RESPONSE: status` with its headers, and `ERROR BODY:` with the error as JSON
 * when the request failed.
 */
import type { TraceEntry } from '../../transport/extras.js'

/** Anything with `write(text)`: a Node Writable such as `process.stdout`, or a test's collector. */
export interface TraceStream {
  write(text: string): unknown
}

/**
 * The trace function that writes to `stream`.
 * @example
 * transport.extras.trace = traceWriter(process.stdout)
 */
export function traceWriter(stream: TraceStream): (entry: TraceEntry) => void {
  return (entry) => stream.write(formatTrace(entry))
}

/**
 * The text one traced request becomes.
 * @example
 * formatTrace({ method: 'GET', path: '/', requestHeaders: { host: 'localhost' } }) // 'REQUEST: GET /\nhost: localhost\n\n'
 */
export function formatTrace(entry: TraceEntry): string {
  let text = `REQUEST: ${entry.method} ${entry.path}\n${headerLines(entry.requestHeaders)}`
  if (entry.status !== undefined) {
    text += `RESPONSE: ${entry.status}\n${headerLines(entry.responseHeaders ?? {})}`
  }
  if (entry.error !== undefined)
    text += `ERROR BODY:\n${JSON.stringify(errorFields(entry.error), null, '\t')}\n`
  return text
}

// Secrets a header can carry besides the signature: the session token and SSE-C keys.
const SECRET_HEADERS = new Set([
  'x-amz-security-token',
  'x-amz-server-side-encryption-customer-key',
  'x-amz-copy-source-server-side-encryption-customer-key',
])

function headerLines(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  let text = ''
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const shown = SECRET_HEADERS.has(name)
      ? '**REDACTED**'
      : name === 'authorization'
        ? String(value).replace(/Signature=[0-9a-f]+/, 'Signature=**REDACTED**')
        : value
    text += `${name}: ${Array.isArray(shown) ? shown.join(', ') : shown}\n`
  }
  return `${text}\n`
}

// An Error's own fields (code, statusCode, ...), as JSON.stringify shows minio-js's errors.
function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) if (value !== undefined) fields[key] = value
  return fields
}
