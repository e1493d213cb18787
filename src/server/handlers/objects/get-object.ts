import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { canSendItself, type GetObjectResult } from '../../storage/object-layer.js'
import { requestCustomerKey } from '../encryption/request-encryption.js'
import { readVersionIdParam } from '../versioning/version-params.js'
import { type AnswerHead, answerHead } from './answer-head.js'
import { checkConditions } from './conditions.js'
import { refuseAnonymousOverrides } from './object-headers.js'
import { type RangeSelection, readPartNumber, selectRange } from './object-range.js'

// The range is chosen from one read of the metadata and the bytes come from another; a writer
// in between makes them disagree, and we start over with the newer object.
const ATTEMPTS = 3

/**
 * GetObject: the object (200), or the bytes a single Range or a `partNumber` names (206; 416
 * when unsatisfiable), after the conditional headers (304 / 412). `response-*` query
 * parameters override the stored headers, on signed requests only. An SSE-C object needs its
 * key (storage checks it: InvalidRequest without, AccessDenied when wrong). `?versionId=` reads
 * that version; the answer names its version (`x-amz-version-id`) in a versioned bucket.
 */
export const handleGetObject: Handler = async (args) => {
  const { ctx, req, res, route, auth, emit } = args
  refuseAnonymousOverrides(route.query, auth.identity.anonymous === true)
  const partNumber = readPartNumber(route, req.headers)
  const rangeHeader = req.headers.range
  const read = { customerKey: requestCustomerKey(req), versionId: readVersionIdParam(route) }
  let selection: RangeSelection | undefined
  let result: GetObjectResult | undefined
  for (let attempt = 0; attempt < ATTEMPTS && !result; attempt++) {
    if (rangeHeader === undefined && partNumber === undefined) {
      result = await ctx.storage.getObject(route.bucket, route.key, undefined, read)
      break
    }
    const info = await ctx.storage.headObject(route.bucket, route.key, read)
    checkConditions(req.headers, info)
    selection = selectRange(info, rangeHeader, partNumber)
    const found = await ctx.storage.getObject(route.bucket, route.key, selection?.range, read)
    if (found.info.etag === info.etag && found.info.size === info.size) result = found
    else if (!found.data) found.body.destroy()
  }
  if (!result) throw new S3ServerError('InternalError', 'The object kept changing while it was read.')
  const { info } = result
  let head: AnswerHead
  try {
    checkConditions(req.headers, info)
    head = await answerHead(args, info, {
      query: route.query,
      versionId: read.versionId,
      selection,
      length: result.data?.byteLength ?? info.size,
    })
    await emit([{ name: 's3:ObjectAccessed:Get', bucket: route.bucket, key: route.key, object: info }])
  } catch (e) {
    if (!result.data) result.body.destroy()
    throw e
  }
  res.writeHead(head.status, head.headers)
  // Small objects come from memory: no stream to set up or tear down.
  if (result.data) {
    res.end(result.data)
    return
  }
  return sendBody(result.body, res)
}

// A body that can write itself (a single drive's data files, read into reused buffers) does;
// others are piped. A plain pipe rather than stream.pipeline: pipeline allocates an
// AbortController (and an AbortError on completion) per call, measurable on small GETs. A
// client that goes away closes the response; the file is then released by destroying the body.
function sendBody(body: Readable, res: ServerResponse): Promise<void> {
  if (canSendItself(body)) return body.sendTo(res)
  return new Promise((resolve, reject) => {
    body.once('error', reject)
    res.once('close', () => {
      if (!res.writableFinished) body.destroy()
      resolve()
    })
    body.pipe(res)
  })
}
