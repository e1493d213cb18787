import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http'
import type { S3EventRecord } from '../../shared/events/record.js'
import { createListenStream } from '../events/listen-stream.js'
import type { ListenFilter } from '../events/listeners.js'
import { createSubscriptionFeed, type Subscription } from '../events/subscription.js'
import { INTERNAL_AUTH_HEADER, signInternalRequest } from '../storage/remote/internal-auth.js'
import { agentFor, requestFor } from '../storage/remote/storage-rpc-client.js'
import { peerKeyOf } from './peer-key.js'

/** The peer API's listen path: one server's own events of a bucket, as a listen stream. */
export const PEER_LISTEN_PATH = '/silo/peer/v1/listen'
/** How long a dropped peer stream waits before it reconnects. */
const RECONNECT_MS = 1000

/**
 * Serves a peer's listen call (already authenticated): the filter comes as the query
 * (`bucket`, `prefix`, `suffix`, `events` repeated), the body is the listen stream of this
 * server's own matching events, until the peer goes away.
 */
export function servePeerListen(
  req: IncomingMessage,
  res: ServerResponse,
  subscribe: (filter: ListenFilter) => Subscription,
): void {
  const query = new URL(req.url ?? '/', 'http://peer').searchParams
  const filter: ListenFilter = { bucket: query.get('bucket') ?? '', events: query.getAll('events') }
  const prefix = query.get('prefix')
  const suffix = query.get('suffix')
  if (prefix !== null) filter.prefix = prefix
  if (suffix !== null) filter.suffix = suffix
  const stream = createListenStream(subscribe(filter), { keepAliveMs: 2000 })
  res.writeHead(200, { 'content-type': 'application/x-ndjson' })
  res.flushHeaders()
  req.socket.setTimeout(0)
  res.once('close', () => stream.destroy())
  stream.pipe(res)
}

/**
 * One listen client's feed of every server's events: this server's `local` subscription and a
 * stream from each peer (reconnected while the client listens, so a restarted peer's events
 * resume), merged into one bounded subscription. Closing it closes them all.
 */
export function mergePeerEvents(
  local: Subscription,
  filter: ListenFilter,
  peers: readonly string[],
  secretKey: string,
): Subscription {
  const stops: Array<() => void> = []
  const feed = createSubscriptionFeed(filter.bufferSize, () => {
    local.close()
    for (const stop of stops) stop()
  })
  void (async () => {
    for await (const record of local) feed.offer(record)
    feed.subscription.close()
  })()
  const key = peerKeyOf(secretKey)
  for (const peer of peers) stops.push(followPeer(peer, filter, key, (record) => feed.offer(record)))
  return feed.subscription
}

/** Follows one peer's listen stream until the returned stop is called. */
function followPeer(
  peer: string,
  filter: ListenFilter,
  key: Buffer,
  offer: (record: S3EventRecord) => void,
): () => void {
  let stopped = false
  let current: ClientRequest | undefined
  let timer: NodeJS.Timeout | undefined
  const url = new URL(PEER_LISTEN_PATH, peer)
  url.searchParams.set('bucket', filter.bucket)
  if (filter.prefix !== undefined) url.searchParams.set('prefix', filter.prefix)
  if (filter.suffix !== undefined) url.searchParams.set('suffix', filter.suffix)
  for (const name of filter.events) url.searchParams.append('events', name)

  const again = () => {
    current = undefined
    if (!stopped) timer = setTimeout(connect, RECONNECT_MS)
  }
  function connect(): void {
    let ended = false
    // An error and a close may both come: reconnect once.
    const retry = () => {
      if (ended) return
      ended = true
      again()
    }
    const headers = { [INTERNAL_AUTH_HEADER]: signInternalRequest(key, ['GET', url.pathname], Date.now()) }
    const req = requestFor(peer)(url, { headers, agent: agentFor(peer) }, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        return retry()
      }
      let pending = ''
      res.setEncoding('utf8')
      res.on('data', (text: string) => {
        pending += text
        for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n')) {
          const line = pending.slice(0, newline).trim()
          pending = pending.slice(newline + 1)
          if (line === '') continue
          let records: S3EventRecord[]
          try {
            records = (JSON.parse(line) as { Records: S3EventRecord[] }).Records
          } catch {
            // Not the listen stream it should be: drop it and follow the peer afresh.
            res.destroy()
            return
          }
          for (const record of records) offer(record)
        }
      })
      res.on('close', retry)
    })
    req.on('error', retry)
    req.end()
    current = req
  }
  connect()
  return () => {
    stopped = true
    clearTimeout(timer)
    current?.destroy()
  }
}
