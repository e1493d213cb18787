/** `silo admin user add|policy|disable|enable|remove|list ALIAS/ ...`: IAM users. */
import type { Command } from 'commander'
import { runAction } from '../../action.js'
import { adminAlias } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

/**
 * Registers the `admin user` commands.
 * @example
 * registerAdminUserCommands(admin) // silo admin user add local/ bob bob-secret-key readonly
 */
export function registerAdminUserCommands(admin: Command): void {
  const user = admin.command('user').description('manage users')

  user
    .command('add')
    .description('add a user (enabled) with a canned policy')
    .argument('<ALIAS/>', 'deployment alias')
    .argument('<ACCESS_KEY>', "the user's access key")
    .argument('<SECRET_KEY>', "the user's secret key")
    .argument('<POLICY_NAME>', 'canned policy to attach')
    .action(
      runAction(async (ctx, [target, accessKey, secretKey, policy]) => {
        const alias = adminAlias(target!, 'admin user add')
        const client = await ctx.admin(alias)
        await attempt(
          `add user "${accessKey}" on "${alias}"`,
          client.addUser(accessKey!, secretKey!, policy!),
        )
        ctx.out.result(`Added user \`${accessKey}\` successfully.`, {
          accessKey,
          userStatus: 'enabled',
          policyName: policy,
        })
      }),
    )

  user
    .command('policy')
    .description("set a user's canned policy")
    .argument('<ALIAS/>', 'deployment alias')
    .argument('<ACCESS_KEY>', "the user's access key")
    .argument('<POLICY_NAME>', 'canned policy to attach')
    .action(
      runAction(async (ctx, [target, accessKey, policy]) => {
        const alias = adminAlias(target!, 'admin user policy')
        const client = await ctx.admin(alias)
        await attempt(
          `set the policy of user "${accessKey}" on "${alias}"`,
          client.setUserPolicy(accessKey!, policy!),
        )
        ctx.out.result(`Set policy \`${policy}\` for user \`${accessKey}\` successfully.`, {
          accessKey,
          policyName: policy,
        })
      }),
    )

  for (const [command, status, verb] of [
    ['disable', 'disabled', 'Disabled'],
    ['enable', 'enabled', 'Enabled'],
  ] as const) {
    user
      .command(command)
      .description(`${command} a user`)
      .argument('<ALIAS/>', 'deployment alias')
      .argument('<ACCESS_KEY>', "the user's access key")
      .action(
        runAction(async (ctx, [target, accessKey]) => {
          const alias = adminAlias(target!, `admin user ${command}`)
          const client = await ctx.admin(alias)
          await attempt(
            `${command} user "${accessKey}" on "${alias}"`,
            client.setUserStatus(accessKey!, status),
          )
          ctx.out.result(`${verb} user \`${accessKey}\` successfully.`, { accessKey, userStatus: status })
        }),
      )
  }

  user
    .command('remove')
    .description('remove a user')
    .argument('<ALIAS/>', 'deployment alias')
    .argument('<ACCESS_KEY>', "the user's access key")
    .action(
      runAction(async (ctx, [target, accessKey]) => {
        const alias = adminAlias(target!, 'admin user remove')
        await attempt(
          `remove user "${accessKey}" on "${alias}"`,
          (await ctx.admin(alias)).removeUser(accessKey!),
        )
        ctx.out.result(`Removed user \`${accessKey}\` successfully.`, { accessKey })
      }),
    )

  user
    .command('list')
    .description('list users (status, access key, policy)')
    .argument('<ALIAS/>', 'deployment alias')
    .action(
      runAction(async (ctx, [target]) => {
        const alias = adminAlias(target!, 'admin user list')
        const users = await attempt(`list users on "${alias}"`, (await ctx.admin(alias)).listUsers())
        const width = Math.max(0, ...users.map((u) => u.accessKey.length))
        for (const { accessKey, status, policy } of users) {
          const shown =
            status === 'enabled'
              ? ctx.out.colors.green(status.padEnd(8))
              : ctx.out.colors.red(status.padEnd(8))
          ctx.out.result(`${shown}  ${accessKey.padEnd(width)}  ${policy}`.trimEnd(), {
            accessKey,
            userStatus: status,
            policyName: policy,
          })
        }
      }),
    )
}
