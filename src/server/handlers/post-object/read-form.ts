/**
 * Streaming `multipart/form-data` for POST Object (busboy): the fields before the file are
 * collected (they are small and bounded), then the file part is handed over as a stream so it
 * goes straight into storage, never buffered. Fields after the file are ignored, as S3 does.
 * The body reaches busboy through the slow-body timer (watchBodyProgress), so a form that stops
 * arriving fails with 400 RequestTimeout, in its fields or in its file, like any other body.
 */
import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import { watchBodyProgress } from '../../body/body-timeout.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import { drained } from '../../response/drained.js'

/** S3's limit on the form fields preceding the file. */
export const MAX_PRE_DATA_BYTES = 20 * 1024

/** The form up to its file. */
export interface PostForm {
  /** Field values by lower-case name (S3 form field names are case-insensitive). */
  fields: Map<string, string>
  file: Readable
  /** The file part's file name (for `${filename}` in the key). */
  filename: string
  /** The file part's Content-Type. */
  mimeType: string
}

/**
 * Parses the request until its file part. Rejects with MalformedPOSTRequest for a body that is
 * not multipart/form-data or has no file, MaxPostPreDataLengthExceeded for oversized fields.
 * @example
 * const { fields, file } = await readPostForm(req)
 */
export function readPostForm(req: IncomingMessage): Promise<PostForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fieldSize: MAX_PRE_DATA_BYTES } })
    } catch {
      reject(malformed('the request is not multipart/form-data'))
      return
    }
    const fields = new Map<string, string>()
    let preData = 0
    let fileSeen = false
    let file: Readable | undefined
    // Set once the form is refused: the rest of the body is discarded, not parsed.
    let stopped = false
    // busboy reports a part whose Content-Disposition has no (or an empty) name with the name
    // undefined, despite its types; such a part can be no form field of S3's (issue 12).
    parser.on('field', (name: string | undefined, value, info) => {
      if (fileSeen) return
      preData += (name?.length ?? 0) + value.length
      if (info.valueTruncated || preData > MAX_PRE_DATA_BYTES) {
        reject(new S3ServerError('MaxPostPreDataLengthExceeded'))
        stopped = true
        return
      }
      if (name) fields.set(name.toLowerCase(), value)
    })
    parser.on('file', (name: string | undefined, stream, info) => {
      // busboy destroys a file stream with the form's error; a stream no one reads any more (an
      // ignored part, or the file of a form already refused) must not make that error uncaught.
      // A reader still gets it through iteration.
      stream.on('error', ignoreError)
      if (fileSeen || name?.toLowerCase() !== 'file') {
        // Only the part named 'file' is the upload; anything else is drained and ignored.
        stream.resume()
        return
      }
      fileSeen = true
      file = stream
      parser.on('error', (error) => stream.destroy(asMalformed(error)))
      resolve({ fields, file: stream, filename: info.filename ?? '', mimeType: info.mimeType })
    })
    // `on`, not `once`: one bad body may make busboy report several errors, and an 'error'
    // event without a listener ends the process.
    parser.on('error', (error) => reject(asMalformed(error)))
    parser.once('close', () => reject(malformed("the form has no field named 'file'")))
    feed(req, parser, () => stopped).catch((error: unknown) => {
      // A body that stopped arriving (RequestTimeout) or broke off: the file's reader gets the
      // error if the file has begun, else the form is refused with it.
      stopped = true
      if (file) file.destroy(error as Error)
      else reject(error)
    })
  })
}

/**
 * Writes the request body into the parser as it arrives, waiting while the parser is full, and
 * ends it. Stops early (the rest of the body discarded by watchBodyProgress) once `stop()` says
 * so or the parser has closed. Rejects with RequestTimeout when the body stalls.
 */
async function feed(req: IncomingMessage, parser: busboy.Busboy, stop: () => boolean): Promise<void> {
  for await (const chunk of watchBodyProgress(req)) {
    if (stop() || parser.destroyed || parser.writableEnded) return
    if (!parser.write(chunk)) await drained(parser)
  }
  if (!stop() && !parser.destroyed && !parser.writableEnded) parser.end()
}

function ignoreError(): void {}

/**
 * The chunks of the form's file. busboy fails the file with a plain Error when the body breaks
 * off inside it ('Unexpected end of form'): a client's fault, so MalformedPOSTRequest, not 500.
 * @example for await (const chunk of readFormFile(form.file)) …
 */
export async function* readFormFile(file: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file as AsyncIterable<Uint8Array>) yield chunk
  } catch (e) {
    throw isS3ServerError(e) ? e : asMalformed(e)
  }
}

function asMalformed(error: unknown): S3ServerError {
  return malformed(error instanceof Error ? error.message : String(error))
}

function malformed(why: string): S3ServerError {
  return new S3ServerError(
    'MalformedPOSTRequest',
    `The body of your POST request is not well-formed multipart/form-data: ${why}.`,
  )
}
