import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { createListenStream } from '../../events/listen-stream.js'
import type { ListenFilter } from '../../events/listeners.js'
import { withS3Errors } from './as-s3-error.js'
import { notificationService } from './notification-service.js'

/**
 * ListenBucketNotification (MinIO's extension): `GET /<bucket>?events=<e>&events=<e>&prefix=&suffix=`
 * answers 200 with a chunked body of newline-delimited `{"Records":[record]}` objects and a
 * single-space keep-alive after idle time. No stored configuration is needed. The stream ends
 * when the client goes away or the server stops.
 */
export const handleListenBucketNotification: Handler = async ({ ctx, req, res, route }) => {
  const service = notificationService(ctx)
  await ctx.storage.getBucket(route.bucket)
  const filter = readListenFilter(route.bucket, route.query)
  const local = await withS3Errors(() => service.subscribe(filter))
  const subscription = ctx.listenAcross ? ctx.listenAcross(local, filter) : local
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' })
  res.flushHeaders()
  const stream = createListenStream(subscription)
  await new Promise<void>((resolve) => {
    // The client went away (or the server closed the socket): stop feeding this listener.
    res.once('close', () => {
      stream.destroy()
      resolve()
    })
    req.socket.setTimeout(0) // an idle listen connection is the normal case, not a stuck one
    stream.pipe(res)
  })
}

function readListenFilter(bucket: string, query: Array<[string, string]>): ListenFilter {
  const events: string[] = []
  const filter: ListenFilter = { bucket, events }
  for (const [name, value] of query) {
    if (name === 'events') events.push(value)
    else if (name === 'prefix' || name === 'suffix') {
      // MinIO wrote an error for a second prefix but went on (§3.6); we refuse it.
      if (filter[name] !== undefined) {
        throw new S3ServerError('InvalidArgument', `Only one ${name} may be given, got two.`)
      }
      filter[name] = value
    }
  }
  return filter
}
