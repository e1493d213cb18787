/** How a condition key's values are compared: only IP keys restrict the operators. */
export type ConditionKeyType = 'string' | 'ip' | 'bool' | 'numeric' | 'date'

/**
 * Condition keys a policy may use, with the spelling the server must use when it fills
 * `PolicyRequest.conditions`. Policies may write them in any case (AWS treats condition key
 * names case-insensitively).
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
  's3:prefix': 'string',
  's3:delimiter': 'string',
  's3:max-keys': 'numeric',
  's3:x-amz-acl': 'string',
  's3:signatureversion': 'string',
  's3:authType': 'string',
  's3:signatureAge': 'numeric',
  's3:x-amz-content-sha256': 'string',
  's3:x-amz-copy-source': 'string',
  's3:x-amz-metadata-directive': 'string',
  's3:x-amz-storage-class': 'string',
  's3:x-amz-server-side-encryption': 'string',
  's3:x-amz-server-side-encryption-aws-kms-key-id': 'string',
  's3:x-amz-server-side-encryption-customer-algorithm': 'string',
  's3:LocationConstraint': 'string',
  's3:VersionId': 'string',
  's3:TlsVersion': 'numeric',
} as const satisfies Record<string, ConditionKeyType>

/** A condition key as Silo spells it. */
export type ConditionKey = keyof typeof CONDITION_KEYS

const BY_LOWER_CASE = new Map<string, ConditionKey>(
  (Object.keys(CONDITION_KEYS) as ConditionKey[]).map((key) => [key.toLowerCase(), key]),
)

/**
 * The Silo spelling of a condition key written in any case, or undefined when unknown.
 *
 * @example canonicalConditionKey('AWS:SOURCEIP') // 'aws:SourceIp'
 */
export function canonicalConditionKey(name: string): ConditionKey | undefined {
  return BY_LOWER_CASE.get(name.toLowerCase())
}
