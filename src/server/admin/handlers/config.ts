import { encryptAdminBody } from '../../../shared/admin-crypto/index.js'
import type { ConfigStore } from '../../config/config-store.js'
import { type ServerConfig, ServerConfigError } from '../../config/server-config.js'
import { S3ServerError } from '../../errors.js'
import type { AdminArgs } from '../admin-args.js'
import { decryptBody } from '../admin-body.js'
import { sendEncrypted, sendNoContent } from '../admin-response.js'

/**
 * `GET /silo/admin/v1/config`: the configuration the next restart uses (the data folder's, an
 * older setup's `~/.silo/config.json`, or the default with the `notify` template),
 * pretty-printed and encrypted.
 */
export async function handleGetConfig({ ctx, res }: AdminArgs): Promise<void> {
  const config = await loadConfig(ctx.admin.config)
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

/**
 * The configuration `config get` shows. An older setup's `~/.silo/config.json` that no longer
 * reads is refused naming the file and the field, so the user can fix it or `config set` one.
 */
async function loadConfig(store: ConfigStore): Promise<ServerConfig> {
  try {
    return await store.load()
  } catch (e) {
    if (e instanceof ServerConfigError) {
      throw new S3ServerError('XSiloAdminConfigBadJSON', `The configuration is not valid: ${e.message}.`)
    }
    throw e
  }
}
