import type { Readable } from 'node:stream'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { type CompiledSelect, compileSelect, type SelectStats } from '../../select/index.js'
import type { GetObjectResult, ReadOptions } from '../../storage/object-layer.js'
import { requestCustomerKey } from '../encryption/request-encryption.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { parseSelectRequest } from './parse-select-request.js'
import { sendEventStream } from './send-event-stream.js'

/**
 * The request document: an expression of up to 256 KiB (S3's limit; the XML reader holds one
 * element's text to 64 KiB, so longer ones are MalformedXML) and some twenty small elements.
 */
const SELECT_LIMITS: XmlDocumentLimits = { maxBytes: 512 * 1024, maxElements: 64, maxDepth: 4 }

// The range is computed from one read of the object's size and the bytes come from another; a
// writer in between makes them disagree, and we start over with the newer object.
const ATTEMPTS = 3

/**
 * SelectObjectContent (`POST /bucket/key?select&select-type=2`): reads the request (S3's
 * defaults for every omitted field; its error codes for the rest), compiles the query before
 * reading a byte of the object, reads the object (only the scan range's bytes when one is
 * given; an SSE-C object with its customer key), publishes `s3:ObjectAccessed:Get` as MinIO
 * does, and streams the result as an AWS event stream (send-event-stream.ts).
 */
export const handleSelectObjectContent: Handler = async (args) => {
  const { ctx, req, res, route, emit } = args
  const { request, progress } = parseSelectRequest(
    await readXmlDocument(args, 'SelectObjectContentRequest', SELECT_LIMITS),
  )
  const compiled = compileSelect(request)
  const customerKey = requestCustomerKey(req)
  const options: ReadOptions = customerKey ? { customerKey } : {}
  const result = await readObject(
    ctx.storage,
    route.bucket,
    route.key,
    compiled,
    request.scanRange !== undefined,
    options,
  )
  const body: Readable = result.body
  try {
    await emit([{ name: 's3:ObjectAccessed:Get', bucket: route.bucket, key: route.key, object: result.info }])
    const stats: SelectStats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
    const input: AsyncIterable<Uint8Array> = result.data ? fromMemory(result.data) : body
    await sendEventStream(res, compiled.run(input, stats), stats, {
      progress,
      onAbort: () => body.destroy(),
      log: (message, error) => ctx.logger.error(message, error),
    })
  } finally {
    if (!body.destroyed) body.destroy()
  }
}

async function readObject(
  storage: Parameters<Handler>[0]['ctx']['storage'],
  bucket: string,
  key: string,
  compiled: CompiledSelect,
  ranged: boolean,
  options: ReadOptions,
): Promise<GetObjectResult> {
  if (!ranged) return storage.getObject(bucket, key, undefined, options)
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const info = await storage.headObject(bucket, key, options)
    const range = compiled.readRange(info.size)
    const found = await storage.getObject(bucket, key, range, options)
    if (found.info.etag === info.etag && found.info.size === info.size) return found
    if (!found.data) found.body.destroy()
  }
  throw new S3ServerError('InternalError', 'The object kept changing while it was read.')
}

// A small object the backend already holds in memory: no stream to read.
async function* fromMemory(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data
}
