import type { IncomingMessage } from 'node:http'
import {
  actionsForOperation,
  type CompiledPolicy,
  type ConditionValues,
  evaluate,
  type RequiredAction,
  resourceOf,
  S3_ACTIONS,
  type S3Action,
} from '../../shared/policy/index.js'
import { actionForVersion } from '../../shared/policy/version-actions.js'
import type { ServerContext } from '../context.js'
import { isS3ServerError, S3ServerError } from '../errors.js'
import type { S3Route } from '../router/route-request.js'
import type { Authentication } from './auth-context.js'
import { bucketPolicyOf, isPublicBucketPolicy } from './bucket-policies.js'
import { conditionValues } from './condition-values.js'
import { parseCopySource } from './copy-source.js'
import type { Identity } from './credentials.js'
import { existingObjectTagValues, needsExistingObjectTags } from './existing-object-tags.js'
import { restrictsPublicBuckets } from './public-access-block.js'
import { readNodeHeaders } from './refuse-unhonoured-headers.js'
import type { HeaderReader } from './sse-headers.js'
import { writeHeaderActions } from './write-header-actions.js'

/** What authorization reads: the caller, the routed request and the raw request. */
export interface AuthorizeArgs {
  ctx: Pick<ServerContext, 'storage' | 'iam' | 'auth'>
  req: IncomingMessage
  route: S3Route
  auth: Authentication
  /**
   * Condition values only the request's body gives (PutObjectTagging's tags, as
   * `s3:RequestObjectTag/<key>` and `s3:RequestObjectTagKeys`), added to the request's. An
   * operation that has them is authorized in full only when they are given: its handler calls
   * authorize again once it has read the body.
   */
  bodyConditions?: ConditionValues
}

/**
 * Operations whose condition values come partly from the body: before it is read, authorize
 * only checks that some statement allows the caller the action somewhere (as DeleteObjects).
 */
const BODY_CONDITIONED: ReadonlyMap<string, S3Action> = new Map([['PutObjectTagging', 's3:PutObjectTagging']])

/**
 * Allows or denies a routed request; throws AccessDenied naming the action and resource.
 * The root may do everything. Anyone else needs every permission `actionsForOperation` lists
 * for the operation (CopyObject: PutObject here and GetObject on the source), granted by
 * the user's canned policy or the bucket policy (anonymous callers: the bucket policy only),
 * with no Deny in either. DeleteObjects names its keys in the body, read after this check, so
 * here it only needs some Allow of `s3:DeleteObject` for the caller (on any resource): its
 * handler checks each key with {@link isActionAllowed}, so a user limited to a prefix may delete
 * keys under it, and a Deny on some keys still holds for those keys. PutObjectTagging carries
 * its request tags in the body: without `bodyConditions` it gets the same gate, and its handler
 * authorizes in full with them. `s3:ExistingObjectTag/<key>` is read from the object only for the
 * actions S3 supplies it on, and only when a policy in play has such a condition.
 *
 * @example await authorize({ ctx, req, route, auth })
 */
export async function authorize(args: AuthorizeArgs): Promise<void> {
  const { identity } = args.auth
  if (identity.root) return
  const { route } = args
  if (route.operation === 'DeleteObjects') {
    if (await mayDoSomewhere(args, 's3:DeleteObject')) return
    throw denied(identity, 's3:DeleteObject', route.bucket, '')
  }
  const body = BODY_CONDITIONED.get(route.operation)
  if (body !== undefined && args.bodyConditions === undefined) {
    // A named version needs the version's action (s3:PutObjectVersionTagging), at the gate too.
    const gated = actionForVersion(body, targetOf({ action: body, on: 'request' }, args)[2])
    if (await mayDoSomewhere(args, gated)) return
    throw denied(identity, gated, route.bucket, route.key)
  }
  for (const required of actionsForOperation(route.operation)) {
    const [bucket, key, versionId] = targetOf(required, args)
    // A request naming a version needs the version's action (s3:GetObjectVersion...), as S3.
    const action = actionForVersion(required.action, versionId)
    if (!(await isActionAllowed(args, action, bucket, key))) {
      await throwIfMissingAndListable(args, action)
      throw denied(identity, action, bucket, key)
    }
  }
  await authorizeWriteHeaders(args, readNodeHeaders(args.req.headers))
}

/**
 * Throws AccessDenied unless the caller holds the permissions a write's object lock headers need
 * (s3:PutObjectRetention, s3:PutObjectLegalHold: write-header-actions.ts), as S3. `read` gives
 * the headers, or POST Object's form fields, which S3 reads as the headers.
 *
 * @example await authorizeWriteHeaders({ ctx, req, route: { ...route, key }, auth }, (n) => form.fields.get(n))
 */
export async function authorizeWriteHeaders(args: AuthorizeArgs, read: HeaderReader): Promise<void> {
  const { identity } = args.auth
  if (identity.root) return
  const { route } = args
  for (const action of writeHeaderActions(route.operation, read)) {
    if (!(await isActionAllowed(args, action, route.bucket, route.key))) {
      throw denied(identity, action, route.bucket, route.key)
    }
  }
}

/**
 * Whether the caller may do `action` on `bucket`/`key`: the helper for handlers that check
 * several keys themselves (DeleteObjects answers AccessDenied per key it may not delete).
 *
 * @example if (!(await isActionAllowed(args, 's3:DeleteObject', bucket, key))) errors.push(...)
 */
export async function isActionAllowed(
  args: AuthorizeArgs,
  action: S3Action,
  bucket: string,
  key: string,
): Promise<boolean> {
  const { identity } = args.auth
  if (identity.root) return true
  const policies = await policiesOf(args, action, bucket)
  if (policies.length === 0) return false
  let conditions: ConditionValues = conditionValues(args.req, args.route, identity, args.ctx.auth.now())
  if (args.bodyConditions) conditions = { ...conditions, ...args.bodyConditions }
  if (key !== '' && needsExistingObjectTags(policies, action)) {
    const version = namedVersion(args, bucket, key)
    conditions = { ...conditions, ...(await existingObjectTagValues(args.ctx.storage, bucket, key, version)) }
  }
  const decision = evaluate(policies, {
    action,
    bucket,
    key,
    principal: identity.anonymous ? '*' : identity.accessKey,
    conditions,
  })
  return decision === 'allow'
}

/**
 * The version of `bucket`/`key` the request names (`?versionId=` of the request's object, or the
 * copy source's); undefined for the latest.
 */
function namedVersion(args: AuthorizeArgs, bucket: string, key: string): string | undefined {
  const { route, req } = args
  if (route.level === 'object' && bucket === route.bucket && key === route.key) {
    return route.query.find(([name]) => name === 'versionId')?.[1]
  }
  const copy = req.headers['x-amz-copy-source']
  if (copy === undefined) return undefined
  const source = parseCopySource(copy)
  return source.bucket === bucket && source.key === key ? source.versionId : undefined
}

/** The caller's IAM policy and the bucket's policy, those that exist. */
async function policiesOf(args: AuthorizeArgs, action: S3Action, bucket: string): Promise<CompiledPolicy[]> {
  const { identity } = args.auth
  const { iam, storage } = args.ctx
  const policies: CompiledPolicy[] = []
  if (!identity.anonymous) {
    const user = iam.users.get(identity.accessKey)
    const policy = user && iam.policyOfUser(user)
    if (policy) policies.push(policy)
  }
  if (bucket !== '' && S3_ACTIONS[action] !== 'service') {
    const policy = await bucketPolicyOf(storage, bucket)
    // RestrictPublicBuckets: a public bucket policy grants anonymous callers nothing.
    const restricted =
      policy !== undefined &&
      identity.anonymous &&
      isPublicBucketPolicy(policy) &&
      (await restrictsPublicBuckets(storage, bucket))
    if (policy && !restricted) policies.push(policy)
  }
  return policies
}

/**
 * The gate of an operation before its body is read (DeleteObjects, PutObjectTagging): some
 * statement allows this caller `action` somewhere (resources and conditions are checked once
 * the body is read), so a caller who may do nothing of the kind is refused as a whole.
 */
async function mayDoSomewhere(args: AuthorizeArgs, action: S3Action): Promise<boolean> {
  const { identity } = args.auth
  const principal = identity.anonymous ? '*' : identity.accessKey
  const policies = await policiesOf(args, action, args.route.bucket)
  return policies.some((policy) =>
    (policy.statementsByAction.get(action) ?? []).some(
      (s) =>
        s.effect === 'Allow' &&
        (s.principals === null || s.principals.has('*') || s.principals.has(principal)),
    ),
  )
}

/**
 * S3's rule for GET/HEAD of a key the caller may not read: when the key does not exist and the
 * caller may list the bucket (so could see that anyway), the answer is 404 NoSuchKey; without
 * s3:ListBucket it stays 403, so a missing key and a forbidden one look alike (issue 19).
 */
async function throwIfMissingAndListable(args: AuthorizeArgs, action: S3Action): Promise<void> {
  const { route } = args
  if (action !== 's3:GetObject' || (route.operation !== 'GetObject' && route.operation !== 'HeadObject'))
    return
  if (!(await isActionAllowed(args, 's3:ListBucket', route.bucket, ''))) return
  try {
    await args.ctx.storage.headObject(route.bucket, route.key)
  } catch (e) {
    if (isS3ServerError(e) && e.code === 'NoSuchKey') throw e
  }
}

/** The bucket, key and version (`?versionId=`, the copy source's) a required action is about. */
function targetOf(required: RequiredAction, args: AuthorizeArgs): [string, string, string | undefined] {
  const { route } = args
  if (required.on === 'request') {
    const versionId =
      route.level === 'object' ? route.query.find(([name]) => name === 'versionId')?.[1] : undefined
    return [route.bucket, route.key, versionId]
  }
  const source = parseCopySource(args.req.headers['x-amz-copy-source'])
  return [source.bucket, source.key, source.versionId]
}

function denied(identity: Identity, action: S3Action, bucket: string, key: string): S3ServerError {
  const who = identity.anonymous ? 'anonymous requests' : identity.accessKey
  const kind = S3_ACTIONS[action]
  return new S3ServerError(
    'AccessDenied',
    `Access Denied: ${who} may not ${action} on ${resourceOf(kind, bucket, key)}.`,
  )
}
