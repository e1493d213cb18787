/**
 * `PostPolicy`: the conditions a browser form upload (POST Object) must meet, built with setters as
 * in minio-js and signed by `client.presignedPostPolicy(policy)`. Each setter replaces the
 * condition it set before, and signing never mutates the policy, so signing it twice gives two
 * valid forms (minio-js appends its date/credential conditions to the policy on every call).
 */
import { isValidPrefix } from '../../../shared/names.js'
import { InvalidArgumentError, InvalidPrefixError } from '../../errors.js'
import { assertBucketName, assertObjectName } from '../../validate.js'

/** One policy condition: `['eq' | 'starts-with', '$field', value]` or `['content-length-range', min, max]`. */
export type PostPolicyCondition = [string, string, string] | ['content-length-range', number, number]

/** The policy document before signing. */
export interface PostPolicyDocument {
  conditions: PostPolicyCondition[]
  /** ISO 8601; default at signing time: 7 days ahead. */
  expiration?: string
}

/**
 * A POST policy under construction.
 * @example
 * const policy = client.newPostPolicy()
 * policy.setBucket('uploads')
 * policy.setKeyStartsWith('user-42/')
 * policy.setContentLengthRange(1, 10 * 1024 * 1024)
 * const { postURL, formData } = await client.presignedPostPolicy(policy)
 */
export class PostPolicy {
  /** The policy document (conditions and expiration). */
  readonly policy: PostPolicyDocument = { conditions: [] }
  /** Form fields the upload form must send, the file last. */
  readonly formData: Record<string, string> = {}

  /** Sets when the policy stops being accepted. */
  setExpires(date: Date): void {
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
      throw new InvalidArgumentError(`Invalid expiration: must be a valid Date, got ${String(date)}`)
    }
    this.policy.expiration = date.toISOString()
  }

  /** Requires exactly this object name. */
  setKey(objectName: string): void {
    assertObjectName(objectName)
    this.#condition('eq', 'key', objectName)
  }

  /** Requires object names starting with `prefix` (the form's `key` field may use `${filename}`). */
  setKeyStartsWith(prefix: string): void {
    if (!isValidPrefix(prefix)) throw new InvalidPrefixError(`Invalid prefix ${String(prefix)}`)
    this.#condition('starts-with', 'key', prefix)
  }

  /** The bucket to upload to (required). */
  setBucket(bucketName: string): void {
    assertBucketName(bucketName)
    this.#condition('eq', 'bucket', bucketName)
  }

  /** Requires exactly this Content-Type. */
  setContentType(type: string): void {
    this.#condition('eq', 'Content-Type', nonEmpty(type, 'Content-Type'))
  }

  /** Requires a Content-Type starting with `prefix` (`image/` allows any image). */
  setContentTypeStartsWith(prefix: string): void {
    this.#condition('starts-with', 'Content-Type', nonEmpty(prefix, 'Content-Type prefix'))
  }

  /** Requires exactly this Content-Disposition. */
  setContentDisposition(value: string): void {
    this.#condition('eq', 'Content-Disposition', nonEmpty(value, 'Content-Disposition'))
  }

  /** Requires the file to be `min` to `max` bytes long. */
  setContentLengthRange(min: number, max: number): void {
    for (const [name, value] of [
      ['min', min],
      ['max', max],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new InvalidArgumentError(
          `Invalid content length ${name}: must be a whole number ≥ 0, got ${value}`,
        )
      }
    }
    if (min > max)
      throw new InvalidArgumentError(`Invalid content length range: min ${min} is more than max ${max}`)
    this.#remove((c) => c[0] === 'content-length-range')
    this.policy.conditions.push(['content-length-range', min, max])
  }

  /** Requires these user metadata values (sent as `x-amz-meta-<name>` fields). */
  setUserMetaData(metaData: Record<string, string | number | boolean>): void {
    if (typeof metaData !== 'object' || metaData === null) {
      throw new TypeError('metaData must be an object of names to values')
    }
    for (const [name, value] of Object.entries(metaData)) {
      this.#condition('eq', `x-amz-meta-${name}`, String(value))
    }
  }

  /** The status a successful upload answers with: 200, 201 (XML body) or 204 (default). */
  setSuccessActionStatus(status: 200 | 201 | 204 | '200' | '201' | '204'): void {
    const text = String(status)
    if (!['200', '201', '204'].includes(text)) {
      throw new InvalidArgumentError(`Invalid success_action_status ${text}: must be 200, 201 or 204`)
    }
    this.#condition('eq', 'success_action_status', text)
  }

  /** Redirects the browser (303) to `url` after a successful upload, with bucket, key and etag added. */
  setSuccessActionRedirect(url: string): void {
    this.#condition('eq', 'success_action_redirect', nonEmpty(url, 'success_action_redirect'))
  }

  #condition(op: 'eq' | 'starts-with', field: string, value: string): void {
    this.#remove((c) => c[1] === `$${field}`)
    this.policy.conditions.push([op, `$${field}`, value])
    this.formData[field] = value
  }

  #remove(match: (condition: PostPolicyCondition) => boolean): void {
    const kept = this.policy.conditions.filter((c) => !match(c))
    this.policy.conditions.splice(0, this.policy.conditions.length, ...kept)
  }
}

function nonEmpty(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new InvalidArgumentError(`Invalid ${name}: must be a non-empty string`)
  }
  return value
}
