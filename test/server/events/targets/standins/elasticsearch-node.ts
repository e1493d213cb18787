import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface EsStandin {
  url: string
  /** Documents by index, then by id, in insertion order (a replaced document keeps its place). */
  indices: Map<string, Map<string, unknown>>
  /** `<METHOD> <path>` of every request, in order. */
  requests: string[]
  /** The Authorization header of the last request. */
  lastAuthorization: string | undefined
  close(): Promise<void>
}

/**
 * An Elasticsearch node on a loopback port: `GET /` (version `version`), index HEAD/PUT, and
 * document PUT (with `op_type=create`), POST and DELETE under `/<index>/<type>/<id>` where the
 * type must be `_doc` on 7+ and `event` before, as a real node of that version would insist.
 * Answers carry `x-elastic-product: Elasticsearch` and ES-shaped error bodies.
 */
export async function startEsStandin(version = '7.17.9'): Promise<EsStandin> {
  const indices = new Map<string, Map<string, unknown>>()
  const requests: string[] = []
  const docType = Number.parseInt(version, 10) >= 7 ? '_doc' : 'event'
  const state: EsStandin = { url: '', indices, requests, lastAuthorization: undefined, close: async () => {} }

  const answer = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' })
    res.end(body === undefined ? undefined : JSON.stringify(body))
  }
  const error = (res: ServerResponse, status: number, type: string, reason: string) =>
    answer(res, status, { error: { type, reason }, status })

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url!, 'http://es')
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    state.lastAuthorization = req.headers.authorization
    const parts = url.pathname.split('/').slice(1).map(decodeURIComponent)
    if (url.pathname === '/')
      return answer(res, 200, { version: { number: version }, tagline: 'You Know, for Search' })
    const [index, type, id] = parts as [string, string | undefined, string | undefined]
    const docs = indices.get(index)
    if (type === undefined) {
      if (req.method === 'HEAD') return answer(res, docs ? 200 : 404)
      if (req.method === 'PUT') {
        if (docs)
          return error(res, 400, 'resource_already_exists_exception', `index [${index}] already exists`)
        indices.set(index, new Map())
        return answer(res, 200, { acknowledged: true, index })
      }
    }
    if (type !== docType) return error(res, 400, 'illegal_argument_exception', `unexpected type [${type}]`)
    if (!docs) return error(res, 404, 'index_not_found_exception', `no such index [${index}]`)
    if (req.method === 'DELETE' && id !== undefined) {
      if (!docs.delete(id)) return answer(res, 404, { result: 'not_found', _id: id })
      return answer(res, 200, { result: 'deleted', _id: id })
    }
    if ((req.method === 'PUT' && id !== undefined) || req.method === 'POST') {
      const docId = id ?? `auto-${docs.size}-${Math.random().toString(36).slice(2)}`
      const existed = docs.has(docId)
      if (existed && url.searchParams.get('op_type') === 'create') {
        return error(res, 409, 'version_conflict_engine_exception', `[${docId}]: document already exists`)
      }
      docs.set(docId, JSON.parse(text))
      return answer(res, existed ? 200 : 201, { result: existed ? 'updated' : 'created', _id: docId })
    }
    return error(res, 405, 'method_not_allowed', `${req.method} ${url.pathname}`)
  }

  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (c) => (text += c))
    req.on('end', () => handle(req, res, text))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  state.close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  return state
}
