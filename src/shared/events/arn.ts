/**
 * Notification target ARNs: `arn:silo:sqs:<region>:<id>:<kind>` (MinIO facts §3.3 with our
 * brand word). The region may be empty; id and kind may not, and neither may contain `:`.
 */

/** The parts of a target ARN. */
export interface TargetArn {
  region: string
  id: string
  kind: string
}

const ARN_PREFIX = 'arn:silo:sqs:'

/** Thrown by `parseArn` and `buildArn`; the message names what is wrong. */
export class InvalidArnError extends Error {
  override readonly name = 'InvalidArnError'
  constructor(
    readonly arn: string,
    reason: string,
  ) {
    super(`invalid ARN ${JSON.stringify(arn)}: ${reason}`)
  }
}

/**
 * Builds a target ARN.
 *
 * @example buildArn({ region: '', id: '1', kind: 'webhook' }) // 'arn:silo:sqs::1:webhook'
 */
export function buildArn(parts: TargetArn): string {
  const arn = `${ARN_PREFIX}${parts.region}:${parts.id}:${parts.kind}`
  // Parse back so a ':' in any part is caught here, not when the ARN is read later.
  parseArn(arn)
  return arn
}

/**
 * Splits a target ARN into its parts; throws `InvalidArnError` naming the fault.
 *
 * @example parseArn('arn:silo:sqs:us-east-1:1:redis') // { region: 'us-east-1', id: '1', kind: 'redis' }
 */
export function parseArn(arn: string): TargetArn {
  if (typeof arn !== 'string') throw new InvalidArnError(String(arn), 'must be a string')
  if (!arn.startsWith(ARN_PREFIX)) throw new InvalidArnError(arn, `must start with '${ARN_PREFIX}'`)
  const parts = arn.split(':')
  if (parts.length !== 6) {
    throw new InvalidArnError(
      arn,
      `must have 6 ':'-separated parts (arn:silo:sqs:region:id:kind), got ${parts.length}`,
    )
  }
  const [, , , region = '', id = '', kind = ''] = parts
  if (!id) throw new InvalidArnError(arn, 'the target id (5th part) is empty')
  if (!kind) throw new InvalidArnError(arn, 'the target kind (6th part) is empty')
  return { region, id, kind }
}

/** Whether `arn` is a well-formed target ARN. */
export function isValidArn(arn: unknown): arn is string {
  try {
    parseArn(arn as string)
    return true
  } catch {
    return false
  }
}
