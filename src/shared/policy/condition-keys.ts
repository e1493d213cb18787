/** How a condition key's values are compared: only IP keys restrict the operators. */
export type ConditionKeyType = 'string' | 'ip' | 'bool' | 'numeric' | 'date'

/**
 * Condition keys a policy may use, with the spelling the server must use when it fills
 * `PolicyRequest.conditions`. Policies may write them in any case (AWS treats condition key
 * names case-insensitively). The list is the AWS global keys and the keys of the "Actions,
 * resources, and condition keys for Amazon S3" service authorization reference; which of them
 * Silo fills, and for which operations, is in docs/policies.md. A key no request carries (an
 * access point, a VPC, MFA) is still accepted: it is absent, as on S3 for a request that does
 * not come that way, so `Null` is true and a positive operator is false.
 */
export const CONDITION_KEYS = {
  'aws:SourceIp': 'ip',
  'aws:SecureTransport': 'bool',
  'aws:CurrentTime': 'date',
  'aws:EpochTime': 'date',
  'aws:UserAgent': 'string',
  'aws:Referer': 'string',
  'aws:username': 'string',
  'aws:userid': 'string',
  'aws:PrincipalType': 'string',
  'aws:PrincipalArn': 'string',
  'aws:PrincipalAccount': 'string',
  'aws:PrincipalOrgID': 'string',
  'aws:PrincipalIsAWSService': 'bool',
  'aws:ViaAWSService': 'bool',
  'aws:CalledVia': 'string',
  'aws:MultiFactorAuthPresent': 'bool',
  'aws:MultiFactorAuthAge': 'numeric',
  'aws:TokenIssueTime': 'date',
  'aws:SourceVpc': 'string',
  'aws:SourceVpce': 'string',
  'aws:VpcSourceIp': 'ip',
  'aws:SourceAccount': 'string',
  'aws:SourceArn': 'string',
  'aws:RequestedRegion': 'string',
  'aws:ResourceAccount': 'string',
  'aws:TagKeys': 'string',
  's3:prefix': 'string',
  's3:delimiter': 'string',
  's3:max-keys': 'numeric',
  's3:x-amz-acl': 'string',
  's3:x-amz-grant-read': 'string',
  's3:x-amz-grant-write': 'string',
  's3:x-amz-grant-read-acp': 'string',
  's3:x-amz-grant-write-acp': 'string',
  's3:x-amz-grant-full-control': 'string',
  's3:signatureversion': 'string',
  's3:authType': 'string',
  's3:signatureAge': 'numeric',
  's3:x-amz-content-sha256': 'string',
  's3:x-amz-copy-source': 'string',
  's3:x-amz-metadata-directive': 'string',
  's3:x-amz-storage-class': 'string',
  's3:x-amz-website-redirect-location': 'string',
  's3:x-amz-object-ownership': 'string',
  's3:x-amz-server-side-encryption': 'string',
  's3:x-amz-server-side-encryption-aws-kms-key-id': 'string',
  's3:x-amz-server-side-encryption-customer-algorithm': 'string',
  's3:object-lock-mode': 'string',
  's3:object-lock-legal-hold': 'string',
  's3:object-lock-retain-until-date': 'date',
  's3:object-lock-remaining-retention-days': 'numeric',
  's3:if-match': 'string',
  's3:if-none-match': 'string',
  's3:ObjectCreationOperation': 'bool',
  's3:RequestObjectTagKeys': 'string',
  's3:LocationConstraint': 'string',
  's3:VersionId': 'string',
  's3:TlsVersion': 'numeric',
  's3:ResourceAccount': 'string',
  's3:DataAccessPointArn': 'string',
  's3:DataAccessPointAccount': 'string',
  's3:AccessPointNetworkOrigin': 'string',
} as const satisfies Record<string, ConditionKeyType>

/**
 * Keys with a name part of the policy's choosing (`s3:ExistingObjectTag/<tag key>`): the
 * prefix is matched in any case, the tag key keeps its case (tag keys are case-sensitive on
 * S3, so `env` and `Env` are different tags). All are string keys.
 */
export const TAG_KEY_PREFIXES = [
  's3:ExistingObjectTag/',
  's3:RequestObjectTag/',
  'aws:RequestTag/',
  'aws:ResourceTag/',
  'aws:PrincipalTag/',
] as const

/**
 * A condition key as Silo spells it: one of {@link CONDITION_KEYS}, or a
 * {@link TAG_KEY_PREFIXES} prefix followed by a tag key.
 */
export type ConditionKey = keyof typeof CONDITION_KEYS | `${(typeof TAG_KEY_PREFIXES)[number]}${string}`

const BY_LOWER_CASE = new Map<string, keyof typeof CONDITION_KEYS>(
  (Object.keys(CONDITION_KEYS) as Array<keyof typeof CONDITION_KEYS>).map((key) => [key.toLowerCase(), key]),
)

/** Every key name a policy may use, for "did you mean" suggestions. */
export const CONDITION_KEY_NAMES: readonly string[] = [
  ...Object.keys(CONDITION_KEYS),
  ...TAG_KEY_PREFIXES.map((prefix) => `${prefix}<tag key>`),
]

/**
 * The Silo spelling of a condition key written in any case, or undefined when unknown
 * (including a tag key prefix with no tag key after it).
 *
 * @example canonicalConditionKey('AWS:SOURCEIP') // 'aws:SourceIp'
 * @example canonicalConditionKey('s3:existingobjecttag/Env') // 's3:ExistingObjectTag/Env'
 */
export function canonicalConditionKey(name: string): ConditionKey | undefined {
  const lower = name.toLowerCase()
  const fixed = BY_LOWER_CASE.get(lower)
  if (fixed !== undefined) return fixed
  for (const prefix of TAG_KEY_PREFIXES) {
    if (lower.startsWith(prefix.toLowerCase()) && name.length > prefix.length) {
      return `${prefix}${name.slice(prefix.length)}`
    }
  }
  return undefined
}

/**
 * How a known key's values compare (tag keys are strings).
 *
 * @example conditionKeyType('aws:SourceIp') // 'ip'
 */
export function conditionKeyType(key: ConditionKey): ConditionKeyType {
  return Object.hasOwn(CONDITION_KEYS, key) ? CONDITION_KEYS[key as keyof typeof CONDITION_KEYS] : 'string'
}
