import { encryptAdminBody } from '../../../shared/admin-crypto/index.js'
import { ServerConfigError } from '../../config/server-config.js'
import { S3ServerError } from '../../errors.js'
import type { AdminArgs } from '../admin-args.js'
import { decryptBody } from '../admin-body.js'
import { sendEncrypted, sendNoContent } from '../admin-response.js'

/** `GET /silo/admin/v1/config`: the stored configuration, pretty-printed and encrypted. */
export async function handleGetConfig({ ctx, res }: AdminArgs): Promise<void> {
  const config = await ctx.admin.config.load()
  const text = `${JSON.stringify(config, null, 2)}\n`
  sendEncrypted(res, await encryptAdminBody(ctx.iam.root.current.secretKey, text))
}

/**
 * `PUT /silo/admin/v1/config` with the encrypted configuration document: validated (errors name
 * the field) and stored; it takes effect on `service restart`.
 */
export async function handleSetConfig({ ctx, body, res }: AdminArgs): Promise<void> {
  const text = await decryptBody(body, ctx.iam.root.current.secretKey)
  try {
    await ctx.admin.config.save(text)
  } catch (e) {
    if (e instanceof ServerConfigError) {
      const code = e.message.includes('may be at most')
        ? 'XSiloAdminConfigTooLarge'
        : 'XSiloAdminConfigBadJSON'
      throw new S3ServerError(code, `The configuration is not valid: ${e.message}.`)
    }
    throw e
  }
  sendNoContent(res)
}
