import type { S3ErrorCode } from '../../../shared/errors/catalogue.js'
import { explainInvalidObjectName } from '../../../shared/names.js'
import type { HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { isVersionId } from '../../storage/common/version-id.js'
import { readXmlDocument, type XmlDocumentLimits } from './xml-body.js'

/** S3's limit on keys in one DeleteObjects request. */
export const MAX_DELETE_KEYS = 1000

/**
 * A Delete document's bounds: 1,000 keys of up to 1,024 bytes, each fully XML-escaped (`&quot;`
 * is 6 bytes a byte), fit in 8 MiB; each `<Object>` holds at most Key, VersionId, ETag,
 * LastModifiedTime and Size, so 6 elements a key plus `<Delete>` and `<Quiet>`.
 */
const DELETE_LIMITS: XmlDocumentLimits = {
  maxBytes: 8 * 1024 * 1024,
  maxElements: 2 + 6 * MAX_DELETE_KEYS,
  repeated: new Set(['Object']),
}

/** A key to delete, or why it cannot be (reported for that key alone). */
export interface DeleteKey {
  key: string
  /** `<VersionId>`: remove exactly this version (or delete marker). */
  versionId?: string
  problem?: { code: S3ErrorCode; message: string }
}

/** A parsed `<Delete>` document. */
export interface DeleteRequest {
  quiet: boolean
  keys: DeleteKey[]
}

/**
 * Reads DeleteObjects' `<Delete><Quiet/><Object><Key/><VersionId/></Object>…</Delete>`: MalformedXML for
 * no objects, more than 1,000, or an Object without a Key. Content-MD5 is verified when sent
 * (S3 requires it or a checksum; we accept its absence, as MinIO does).
 */
export async function readDeleteRequest(
  args: Pick<HandlerArgs, 'ctx' | 'req' | 'auth'>,
): Promise<DeleteRequest> {
  const doc = await readXmlDocument(args, 'Delete', DELETE_LIMITS)
  const objects = Array.isArray(doc.Object) ? (doc.Object as unknown[]) : []
  if (objects.length === 0) throw new S3ServerError('MalformedXML', 'The Delete document names no Object.')
  if (objects.length > MAX_DELETE_KEYS) {
    throw new S3ServerError(
      'MalformedXML',
      `The Delete document names ${objects.length} objects; at most 1000.`,
    )
  }
  const keys = objects.map((object): DeleteKey => {
    const fields = typeof object === 'object' && object !== null ? (object as Record<string, unknown>) : {}
    const key = fields.Key
    if (typeof key !== 'string') throw new S3ServerError('MalformedXML', 'Every Object must have a Key.')
    const versionId = readVersionId(fields.VersionId)
    const named = versionId === undefined ? { key } : { key, versionId }
    const problem = explainInvalidObjectName(key)
    if (problem) {
      return {
        ...named,
        problem: { code: key === '' ? 'InvalidArgument' : 'KeyTooLongError', message: problem },
      }
    }
    // A version ID no version of ours can have is that key's error, as S3 reports it.
    if (versionId !== undefined && !isVersionId(versionId)) {
      return {
        ...named,
        problem: { code: 'NoSuchVersion', message: 'The specified version does not exist.' },
      }
    }
    return named
  })
  const quiet = doc.Quiet ?? ''
  if (typeof quiet !== 'string') throw new S3ServerError('MalformedXML', 'Quiet must be true or false.')
  return { quiet: quiet.trim().toLowerCase() === 'true', keys }
}

// An empty `<VersionId/>` names no version: minio-js's removeObjects sends one for every plain
// key, and MinIO reads it as absent.
function readVersionId(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw new S3ServerError('MalformedXML', 'A VersionId must be text.')
  const id = value.trim()
  return id === '' ? undefined : id
}
