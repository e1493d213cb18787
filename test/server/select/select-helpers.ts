/**
 * Helpers of the SelectObjectContent tests: the request document, a signed request, and the
 * response's event-stream messages decoded (both CRCs checked by the decoder).
 */
import {
  decodeEventStream,
  type EventMessage,
} from '../../../src/sdk/operations/select/decode-event-stream.js'
import { s3, type TestResponse } from '../helpers/signed-request.js'

/** The parts of a SelectObjectContentRequest a test varies (raw XML fragments). */
export interface SelectXmlParts {
  expression?: string
  expressionType?: string
  input?: string
  output?: string
  /** Appended inside the root (RequestProgress, ScanRange...). */
  extra?: string
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A SelectObjectContentRequest document; `undefined` parts are left out, defaults are SQL and CSV.
 * @example selectXml({ expression: 'SELECT * FROM S3Object' })
 */
export function selectXml(parts: SelectXmlParts): string {
  const { expression, expressionType = 'SQL', input = '<CSV/>', output = '<CSV/>', extra = '' } = parts
  return (
    '<SelectObjectContentRequest xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    (expression === undefined ? '' : `<Expression>${escapeText(expression)}</Expression>`) +
    (expressionType === '' ? '' : `<ExpressionType>${expressionType}</ExpressionType>`) +
    (input === '' ? '' : `<InputSerialization>${input}</InputSerialization>`) +
    (output === '' ? '' : `<OutputSerialization>${output}</OutputSerialization>`) +
    extra +
    '</SelectObjectContentRequest>'
  )
}

/** POSTs a select request for `bucket/key`. */
export function postSelect(
  url: string,
  bucket: string,
  key: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  return s3(url, 'POST', `/${bucket}/${key}?select&select-type=2`, { body, headers })
}

/** The messages of an event-stream body. */
export async function decodeBody(body: Buffer): Promise<EventMessage[]> {
  const out: EventMessage[] = []
  for await (const message of decodeEventStream(
    (async function* () {
      yield body
    })(),
  ))
    out.push(message)
  return out
}

/** What a select response carried: the records' text, the Stats and Progress XML, the kinds in order. */
export interface SelectOutcome {
  records: string
  kinds: string[]
  stats?: string
  progress: string[]
  error?: { code: string; message: string }
}

/** Decodes a 200 select response into its outcome. */
export async function outcomeOf(res: TestResponse): Promise<SelectOutcome> {
  if (res.status !== 200) throw new Error(`select answered ${res.status}: ${res.text}`)
  const messages = await decodeBody(res.body)
  const outcome: SelectOutcome = { records: '', kinds: [], progress: [] }
  const text = (m: EventMessage) => Buffer.from(m.payload).toString('utf8')
  for (const m of messages) {
    const kind = m.headers[':message-type'] === 'error' ? 'error' : (m.headers[':event-type'] ?? '?')
    outcome.kinds.push(kind)
    if (kind === 'Records') outcome.records += text(m)
    if (kind === 'Stats') outcome.stats = text(m)
    if (kind === 'Progress') outcome.progress.push(text(m))
    if (kind === 'error') {
      outcome.error = { code: m.headers[':error-code'] ?? '', message: m.headers[':error-message'] ?? '' }
    }
  }
  return outcome
}

/** A counter of a Stats / Progress document. */
export function counter(
  xml: string | undefined,
  name: 'BytesScanned' | 'BytesProcessed' | 'BytesReturned',
): number {
  const m = new RegExp(`<${name}>(\\d+)</${name}>`).exec(xml ?? '')
  if (!m) throw new Error(`no ${name} in ${xml}`)
  return Number(m[1])
}
