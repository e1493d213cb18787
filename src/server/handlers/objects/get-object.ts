import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import type { Handler, HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import type { ObjectInfo } from '../../storage/types.js'
import { checkConditions } from './conditions.js'
import { objectHeaders } from './object-headers.js'
import { parseRange } from './range.js'

/** GetObject: streams the object, or one byte range of it (206; 416 when unsatisfiable). */
export const handleGetObject: Handler = async ({ ctx, req, res, route, emit }) => {
  const rangeHeader = req.headers.range
  if (rangeHeader !== undefined) {
    const info = await ctx.storage.headObject(route.bucket, route.key)
    checkConditions(req.headers, info)
    const range = parseRange(rangeHeader, info.size)
    if (range === 'unsatisfiable') {
      throw new S3ServerError('InvalidRange', undefined, {
        RangeRequested: rangeHeader,
        ActualObjectSize: String(info.size),
      })
    }
    if (range) {
      const { body } = await ctx.storage.getObject(route.bucket, route.key, range)
      await emitAccessed(emit, route.bucket, route.key, info, body)
      res.writeHead(206, {
        ...objectHeaders(info, route.query),
        'content-length': range.end - range.start + 1,
        'content-range': `bytes ${range.start}-${range.end}/${info.size}`,
      })
      return sendBody(body, res)
    }
  }
  const result = await ctx.storage.getObject(route.bucket, route.key)
  const { info, data } = result
  if (data) {
    // Small objects come from memory: no stream to set up or tear down.
    checkConditions(req.headers, info)
    await emit([{ name: 's3:ObjectAccessed:Get', bucket: route.bucket, key: route.key, object: info }])
    res.writeHead(200, { ...objectHeaders(info, route.query), 'content-length': data.byteLength })
    res.end(data)
    return
  }
  const { body } = result
  try {
    checkConditions(req.headers, info)
  } catch (e) {
    body.destroy()
    throw e
  }
  await emitAccessed(emit, route.bucket, route.key, info, body)
  res.writeHead(200, { ...objectHeaders(info, route.query), 'content-length': info.size })
  return sendBody(body, res)
}

async function emitAccessed(
  emit: HandlerArgs['emit'],
  bucket: string,
  key: string,
  object: ObjectInfo,
  body: Readable,
): Promise<void> {
  try {
    await emit([{ name: 's3:ObjectAccessed:Get', bucket, key, object }])
  } catch (e) {
    body.destroy()
    throw e
  }
}

// A plain pipe rather than stream.pipeline: pipeline allocates an AbortController (and an
// AbortError on completion) per call, measurable on small GETs. A client that goes away
// closes the response; the file is then released by destroying the body.
function sendBody(body: Readable, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    body.once('error', reject)
    res.once('close', () => {
      if (!res.writableFinished) body.destroy()
      resolve()
    })
    body.pipe(res)
  })
}
