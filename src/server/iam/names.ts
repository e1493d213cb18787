import { S3ServerError } from '../errors.js'

/** Shortest and longest access key, as MinIO and AWS require (3 and 128 characters). */
export const ACCESS_KEY_LENGTH = { min: 3, max: 128 } as const
/** Shortest and longest secret key (8 and 128 characters). */
export const SECRET_KEY_LENGTH = { min: 8, max: 128 } as const

// Access keys travel in URL paths and SigV4 credential scopes, where '/' splits fields.
const ACCESS_KEY = /^[A-Za-z0-9_.@=,+-]+$/
const POLICY_NAME = /^[A-Za-z0-9_.+=,@-]{1,128}$/

/**
 * Throws XSiloAdminInvalidAccessKey unless `accessKey` is 3–128 of `A-Z a-z 0-9 _ . @ = , + -`.
 * @example checkAccessKey('reporting-bot')
 */
export function checkAccessKey(accessKey: unknown): asserts accessKey is string {
  const { min, max } = ACCESS_KEY_LENGTH
  if (typeof accessKey !== 'string' || accessKey.length < min || accessKey.length > max) {
    throw new S3ServerError(
      'XSiloAdminInvalidAccessKey',
      `The access key must be a string of ${min} to ${max} characters.`,
    )
  }
  if (!ACCESS_KEY.test(accessKey)) {
    throw new S3ServerError(
      'XSiloAdminInvalidAccessKey',
      `The access key '${accessKey}' may only hold letters, digits and _ . @ = , + -.`,
    )
  }
}

/**
 * Throws XSiloAdminInvalidSecretKey unless `secretKey` is a string of 8–128 characters.
 * @example checkSecretKey('correct horse battery')
 */
export function checkSecretKey(secretKey: unknown): asserts secretKey is string {
  const { min, max } = SECRET_KEY_LENGTH
  if (typeof secretKey !== 'string' || secretKey.length < min || secretKey.length > max) {
    throw new S3ServerError(
      'XSiloAdminInvalidSecretKey',
      `The secret key must be a string of ${min} to ${max} characters.`,
    )
  }
}

/**
 * Throws XSiloAdminInvalidArgument unless `name` is a valid canned policy name.
 * @example checkPolicyName('reports-read')
 */
export function checkPolicyName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !POLICY_NAME.test(name)) {
    throw new S3ServerError(
      'XSiloAdminInvalidArgument',
      `The policy name ${JSON.stringify(name)} must be 1 to 128 letters, digits or _ . + = , @ -.`,
    )
  }
}
