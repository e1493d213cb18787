/**
 * The policy engine: one grammar and evaluator for IAM canned policies and bucket policies,
 * the S3 action catalogue and operation → action mapping, and the built-in and canned
 * policies. Pure and isomorphic: the server, the SDK and the browser AdminClient share it.
 */
export {
  type ActionResourceKind,
  ALL_S3_ACTIONS,
  canonicalAction,
  isS3Action,
  S3_ACTIONS,
  type S3Action,
} from './actions.js'
export { type CannedBucketPolicy, cannedBucketPolicy, cannedBucketPolicyDocument } from './canned-bucket.js'
export { BUILT_IN_POLICIES, type BuiltInPolicyName, isBuiltInPolicyName } from './canned-iam.js'
export { S3_ARN_PREFIX } from './compile-resource.js'
export {
  CONDITION_KEY_NAMES,
  CONDITION_KEYS,
  type ConditionKey,
  type ConditionKeyType,
  canonicalConditionKey,
  conditionKeyType,
  TAG_KEY_PREFIXES,
} from './condition-keys.js'
export { detectCannedBucketPolicy } from './detect-canned-bucket-policy.js'
export { evaluate, resourceOf } from './evaluate.js'
export {
  actionsForOperation,
  isS3Operation,
  OPERATION_ACTIONS,
  type RequiredAction,
  type S3Operation,
} from './operations.js'
export { MAX_POLICY_BYTES, parsePolicy } from './parse-policy.js'
export { isPolicyError, PolicyError, type PolicyErrorReason } from './policy-error.js'
export type {
  CompiledPolicy,
  ConditionValues,
  Decision,
  OneOrMany,
  PolicyCondition,
  PolicyDocument,
  PolicyKind,
  PolicyPrincipal,
  PolicyRequest,
  PolicyStatement,
} from './types.js'
