/**
 * Condition keys that tie a statement to known callers or networks: a statement granting `*`
 * with one of these (under a positive operator) is not public, as S3 decides for
 * GetBucketPolicyStatus and Block Public Access. `aws:SourceIp` counts only for a range
 * narrower than the whole internet.
 */
const RESTRICTING_KEYS: ReadonlySet<string> = new Set([
  'aws:sourceip',
  'aws:sourcevpc',
  'aws:sourcevpce',
  'aws:sourcearn',
  'aws:sourceaccount',
  'aws:sourceowner',
  'aws:principalorgid',
  'aws:principalaccount',
  'aws:principalarn',
  'aws:userid',
  'aws:username',
  's3:dataaccesspointarn',
  's3:dataaccesspointaccount',
])
const WHOLE_INTERNET: ReadonlySet<string> = new Set(['0.0.0.0/0', '::/0'])

/**
 * Whether a (valid) policy document is public as S3 defines it: some `Allow` statement grants
 * everyone (`"Principal": "*"` or `{"AWS": "*"}`) without a condition that restricts the caller
 * to fixed accounts, networks or sources (aws:SourceIp other than 0.0.0.0/0, aws:SourceVpc(e),
 * aws:SourceArn, aws:PrincipalOrgID, ...). Negated operators (`StringNotEquals`, `NotIpAddress`)
 * restrict nothing. A document that does not parse as JSON is not public.
 *
 * @example isPublicPolicy('{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject","Resource":"arn:aws:s3:::b/*"}]}') // true
 */
export function isPublicPolicy(text: string): boolean {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    return false
  }
  const statements = (doc as { Statement?: unknown } | null)?.Statement
  const list = Array.isArray(statements) ? statements : [statements]
  return list.some(
    (s) => isRecord(s) && s.Effect === 'Allow' && grantsEveryone(s.Principal) && !isRestricted(s.Condition),
  )
}

function grantsEveryone(principal: unknown): boolean {
  if (principal === '*') return true
  if (!isRecord(principal)) return false
  const aws = principal.AWS
  return aws === '*' || (Array.isArray(aws) && aws.includes('*'))
}

function isRestricted(condition: unknown): boolean {
  if (!isRecord(condition)) return false
  return Object.entries(condition).some(([operator, block]) => {
    if (/Not/.test(operator.replace(/^ForAnyValue:|^ForAllValues:/, '')) || !isRecord(block)) return false
    return Object.entries(block).some(([key, value]) => {
      const name = key.toLowerCase()
      if (!RESTRICTING_KEYS.has(name)) return false
      if (name !== 'aws:sourceip') return true
      const values = Array.isArray(value) ? value : [value]
      return !values.some((v) => WHOLE_INTERNET.has(String(v)))
    })
  })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
