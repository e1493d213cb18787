/** `silo admin policy add|remove|list ALIAS/ ...`: canned IAM policies. */
import { readFile } from 'node:fs/promises'
import type { Command } from 'commander'
import { runAction } from '../../action.js'
import { CliError } from '../../errors/cli-error.js'
import { describeError } from '../../errors/describe-error.js'
import { adminAlias } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

/**
 * Registers `admin policy add|remove|list`.
 * @example
 * registerAdminPolicyCommands(admin) // silo admin policy add local/ reports-read ./reports-read.json
 */
export function registerAdminPolicyCommands(admin: Command): void {
  const policy = admin.command('policy').description('manage canned policies')

  policy
    .command('add')
    .description('add (or replace) a canned policy from a local JSON file')
    .argument('<ALIAS/>', 'deployment alias')
    .argument('<POLICY_NAME>', 'policy name')
    .argument('<POLICY_FILE>', 'local file holding the policy JSON')
    .action(
      runAction(async (ctx, [target, name, file]) => {
        const alias = adminAlias(target!, 'admin policy add')
        const text = await readFile(file!, 'utf8').catch((error: unknown) => {
          throw new CliError(`cannot read policy file "${file}": ${describeError(error)}`)
        })
        try {
          JSON.parse(text)
        } catch (error) {
          throw new CliError(`policy file "${file}" is not valid JSON: ${(error as Error).message}`)
        }
        await attempt(
          `add policy "${name}" on "${alias}"`,
          (await ctx.admin(alias)).addCannedPolicy(name!, text),
        )
        ctx.out.result(`Added policy \`${name}\` successfully.`, { policy: name })
      }),
    )

  policy
    .command('remove')
    .description('remove a canned policy')
    .argument('<ALIAS/>', 'deployment alias')
    .argument('<POLICY_NAME>', 'policy name')
    .action(
      runAction(async (ctx, [target, name]) => {
        const alias = adminAlias(target!, 'admin policy remove')
        await attempt(
          `remove policy "${name}" on "${alias}"`,
          (await ctx.admin(alias)).removeCannedPolicy(name!),
        )
        ctx.out.result(`Removed policy \`${name}\` successfully.`, { policy: name })
      }),
    )

  policy
    .command('list')
    .description('list canned policies')
    .argument('<ALIAS/>', 'deployment alias')
    .action(
      runAction(async (ctx, [target]) => {
        const alias = adminAlias(target!, 'admin policy list')
        const policies = await attempt(
          `list policies on "${alias}"`,
          (await ctx.admin(alias)).listCannedPolicies(),
        )
        for (const { name } of policies) ctx.out.result(name, { policy: name })
      }),
    )
}
