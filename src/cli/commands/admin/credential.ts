/**
 * `silo admin credential ALIAS/ ACCESS_KEY SECRET_KEY`: replaces the server's root credential.
 * The old keys stop working at once, so the alias is updated to the new keys in the same step
 * (otherwise the very next command would be refused).
 */
import type { Command } from 'commander'
import { runAction } from '../../action.js'
import { saveAliases } from '../../config/alias-store.js'
import { adminAlias } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

/**
 * Registers `admin credential`.
 * @example
 * registerAdminCredentialCommand(admin) // silo admin credential local/ new-admin new-admin-secret
 */
export function registerAdminCredentialCommand(admin: Command): void {
  admin
    .command('credential')
    .description('set a new admin (root) credential; the alias is updated to use it')
    .argument('<ALIAS/>', 'deployment alias')
    .argument('<ACCESS_KEY>', 'new access key')
    .argument('<SECRET_KEY>', 'new secret key')
    .action(
      runAction(async (ctx, [target, accessKey, secretKey]) => {
        const alias = adminAlias(target!, 'admin credential')
        const client = await ctx.admin(alias)
        await attempt(`set the credential of "${alias}"`, client.setCredentials(accessKey!, secretKey!))
        const file = await ctx.aliases()
        file.aliases[alias] = { ...file.aliases[alias]!, accessKey: accessKey!, secretKey: secretKey! }
        await saveAliases(ctx.configDir, file)
        ctx.out.result(
          `Changed the admin credential of \`${alias}\` successfully; the alias now uses the new keys.`,
          {
            alias,
            accessKey,
          },
        )
      }),
    )
}
