import type { CompiledPolicy, ConditionValues, PolicyStatement, S3Action } from '../../shared/policy/index.js'
import { isS3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import { readObjectTags } from '../tagging/object-tags.js'

/**
 * The actions on an existing object for which S3 supplies `s3:ExistingObjectTag/<key>` (the
 * "Actions, resources, and condition keys for Amazon S3" reference). Not DeleteObject nor
 * PutObject: S3 does not read the object's tags for them, and neither do we.
 */
const EXISTING_TAG_ACTIONS: ReadonlySet<S3Action> = new Set<S3Action>([
  's3:GetObject',
  's3:GetObjectVersion',
  's3:GetObjectAcl',
  's3:GetObjectVersionAcl',
  's3:PutObjectAcl',
  's3:PutObjectVersionAcl',
  's3:GetObjectTagging',
  's3:GetObjectVersionTagging',
  's3:PutObjectTagging',
  's3:PutObjectVersionTagging',
  's3:DeleteObjectTagging',
  's3:DeleteObjectVersionTagging',
  's3:GetObjectRetention',
  's3:PutObjectRetention',
  's3:GetObjectLegalHold',
  's3:PutObjectLegalHold',
  's3:GetObjectAttributes',
  's3:BypassGovernanceRetention',
])

const PREFIX = 's3:existingobjecttag/'
const ABSENT: ReadonlySet<string> = new Set([
  'NoSuchKey',
  'NoSuchBucket',
  'NoSuchVersion',
  'MethodNotAllowed',
])
const READS = new WeakMap<CompiledPolicy, boolean>()

/**
 * Whether evaluating `action` under `policies` may read the object's tags: the action is one S3
 * supplies them for and some statement has an `s3:ExistingObjectTag/...` condition. Only then
 * is the object's metadata read, so other requests pay no lookup.
 *
 * @example needsExistingObjectTags(policies, 's3:GetObject')
 */
export function needsExistingObjectTags(policies: readonly CompiledPolicy[], action: S3Action): boolean {
  return EXISTING_TAG_ACTIONS.has(action) && policies.some(readsExistingObjectTags)
}

/**
 * `s3:ExistingObjectTag/<key>` for each tag of the object (none when it does not exist, so the
 * keys are absent as on S3). With `versionId`, the tags of that version: a request naming an
 * older version is judged by that version's tags, never by the latest's (a Deny on a tag would
 * otherwise be passed by naming a version). A metadata lookup: no SSE-C key is needed.
 *
 * @example await existingObjectTagValues(storage, 'b', 'k') // { 's3:ExistingObjectTag/env': 'dev' }
 */
export async function existingObjectTagValues(
  storage: Pick<ObjectLayer, 'headObject'>,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<ConditionValues> {
  try {
    const info =
      versionId === undefined
        ? await storage.headObject(bucket, key)
        : await storage.headObject(bucket, key, { versionId, metadataLookup: true })
    return Object.fromEntries(
      readObjectTags(info).map(({ key: k, value }) => [`s3:ExistingObjectTag/${k}`, value]),
    )
  } catch (e) {
    // Nothing to read tags from: the keys are absent, and the answer is the policy's (not this).
    if (isS3ServerError(e) && ABSENT.has(e.code)) return {}
    throw e
  }
}

function readsExistingObjectTags(policy: CompiledPolicy): boolean {
  let reads = READS.get(policy)
  if (reads === undefined) {
    const statements = ([] as PolicyStatement[]).concat(policy.document.Statement as PolicyStatement[])
    reads = statements.some((s) =>
      Object.values(s.Condition ?? {}).some((block) =>
        Object.keys(block).some((key) => key.toLowerCase().startsWith(PREFIX)),
      ),
    )
    READS.set(policy, reads)
  }
  return reads
}
