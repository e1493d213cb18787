import { decryptAdminBody, isAdminCryptoError } from '../../shared/admin-crypto/index.js'
import { S3ServerError } from '../errors.js'

/**
 * Parses a plain JSON object body; XSiloAdminRequestBodyParse naming the problem otherwise.
 * @example const { status } = parseJsonBody(body) as { status?: unknown }
 */
export function parseJsonBody(body: Uint8Array): Record<string, unknown> {
  const text = new TextDecoder().decode(body)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    throw new S3ServerError(
      'XSiloAdminRequestBodyParse',
      `The body is not valid JSON: ${(e as Error).message}.`,
    )
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new S3ServerError('XSiloAdminRequestBodyParse', 'The body must be a JSON object.')
  }
  return value as Record<string, unknown>
}

/**
 * Decrypts a body sealed with the admin secret key (`encryptAdminBody`) into text.
 * @example const text = await decryptBody(body, iam.root.current.secretKey)
 */
export async function decryptBody(body: Uint8Array, secretKey: string): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await decryptAdminBody(secretKey, body))
  } catch (e) {
    if (isAdminCryptoError(e)) {
      throw new S3ServerError(
        'XSiloAdminBodyDecryptFailed',
        `The request body could not be decrypted: ${e.message}.`,
      )
    }
    if (e instanceof TypeError)
      throw new S3ServerError('XSiloAdminRequestBodyParse', 'The decrypted body is not UTF-8.')
    throw e
  }
}

/**
 * Decrypts and parses a JSON object body.
 * @example const { secretKey } = await decryptJsonBody(body, rootSecret)
 */
export async function decryptJsonBody(body: Uint8Array, secretKey: string): Promise<Record<string, unknown>> {
  return parseJsonBody(new TextEncoder().encode(await decryptBody(body, secretKey)))
}
