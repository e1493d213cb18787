import { createHash } from 'node:crypto'
import { type CommonParams, type EventFormat, readCommonParams, readOptionalFormat } from './common-params.js'
import { createLazyConnection } from './connection.js'
import { createEsHttp, describeEsError, type EsHttp } from './elasticsearch-http.js'
import { buildTargetMessage, formatTargetArn, isRemovalEvent } from './message.js'
import { readFields } from './params.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, QueuedEvent, TargetFactory } from './types.js'

/** `notify.elasticsearch.<id>`: see the seed's elasticsearch parameter table. */
export type ElasticsearchParams = CommonParams & {
  /**
   * Absent in an older setup's configuration (a 2.4 server): documents are kept per object, as
   * with `namespace`, which is how those setups stored events.
   */
  format?: EventFormat
  /** `http(s)://[user:password@]host:port` */
  url: string
  index: string
}

const ES_TIMEOUT_MS = 5000

/**
 * Elasticsearch target over its REST API (plain HTTP, no client library: see
 * docs/event-targets.md). The document body is the event message (`{Records, level, msg,
 * time}`). namespace (and no `format`, an older setup): one document per object, id
 * `<bucket>/<object>`, replaced on every event and deleted on removal; access: one new document
 * per event, with the event time as `@timestamp`. The index is created at open when missing.
 */
export const elasticsearchTarget: TargetFactory<ElasticsearchParams> = {
  kind: 'elasticsearch',
  parse(raw, path = 'notify.elasticsearch') {
    const r = readFields(raw, path)
    const params: ElasticsearchParams = {
      ...readCommonParams(r),
      format: readOptionalFormat(r),
      url: r.string('url', { required: true, check: checkUrl }),
      index: r.string('index', { required: true, check: checkIndexName }),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createElasticsearchTarget(formatTargetArn(region, id, 'elasticsearch'), id, params)
  },
}

function checkUrl(value: string): string | undefined {
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return undefined
  } catch {}
  return 'must be an http:// or https:// URL'
}

// Elasticsearch's own index-name rules, checked here so a bad name fails at configuration time.
function checkIndexName(value: string): string | undefined {
  if (value !== value.toLowerCase()) return 'must be lower case'
  if (/[\\/*?"<>| ,#:]/.test(value)) return 'must not contain \\ / * ? " < > | space , # :'
  if (/^[-_+]/.test(value) || value === '.' || value === '..')
    return 'must not start with -, _ or + nor be . or ..'
  if (Buffer.byteLength(value) > 255) return 'must be at most 255 bytes'
  return undefined
}

/** A node we talked to: its client and the document path type (`event` before 7.0, `_doc` since). */
type EsSession = { es: EsHttp; docType: string }

function createElasticsearchTarget(arn: string, id: string, params: ElasticsearchParams): EventTarget {
  const index = encodeURIComponent(params.index)
  const conn = createLazyConnection<EsSession>(
    async () => {
      const es = createEsHttp(params.url, ES_TIMEOUT_MS)
      try {
        return { es, docType: await prepareIndex(es, index, params.format === undefined ? 2 : 5) }
      } catch (e) {
        es.close()
        throw e
      }
    },
    async ({ es }) => es.close(),
  )

  const send = async (event: QueuedEvent): Promise<void> => {
    const { es, docType } = await conn.get()
    const docs = `/${index}/${docType}`
    const message = buildTargetMessage(event, 'elasticsearch')
    if (params.format === 'access') {
      // The id stands for the seed's "random ID": it names no object, and since it is derived
      // from the record (unique per event: request id, sequencer), op_type=create stores a retry
      // after a lost answer once.
      const body = { '@timestamp': event.eventTime, ...message }
      const docId = createHash('sha256').update(JSON.stringify(event.record)).digest('hex')
      const answer = await es.request('PUT', `${docs}/${docId}?op_type=create`, body)
      if (answer.status !== 409) expectOk(answer)
    } else if (isRemovalEvent(event.eventName)) {
      const answer = await es.request('DELETE', `${docs}/${encodeURIComponent(event.key)}`)
      if (answer.status !== 404) expectOk(answer) // already gone is what a removal wants
    } else {
      expectOk(await es.request('PUT', `${docs}/${encodeURIComponent(event.key)}`, message))
    }
  }

  return {
    arn,
    kind: 'elasticsearch',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) => asTargetError(arn, 'send', () => send(event)),
    isOnline: () => conn.isOnline(async ({ es }) => (await es.request('HEAD', `/${index}`)).status === 200),
    close: () => conn.close(),
  }
}

/**
 * Reads the server version (at least `minMajor`: 5 for the seed's formats, 2 for an older
 * setup's 2.4 server), then creates the index unless it exists; returns the document type.
 */
async function prepareIndex(es: EsHttp, index: string, minMajor: number): Promise<string> {
  const root = await es.request('GET', '/')
  expectOk(root)
  const version = String((root.body as { version?: { number?: unknown } })?.version?.number ?? '')
  const major = Number.parseInt(version, 10)
  if (!(major >= minMajor))
    throw new Error(`not an Elasticsearch ${minMajor} or newer server (version ${JSON.stringify(version)})`)
  const head = await es.request('HEAD', `/${index}`)
  if (head.status === 404) {
    const created = await es.request('PUT', `/${index}`)
    // resource_already_exists_exception from 6.0, index_already_exists_exception before
    const exists = JSON.stringify(created.body ?? '').includes('already_exists_exception')
    if (!exists) expectOk(created) // another server may have created it meanwhile
  } else expectOk(head)
  return major >= 7 ? '_doc' : 'event'
}

function expectOk(answer: { status: number; body: unknown }): void {
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`Elasticsearch answered ${describeEsError(answer)}`)
}
