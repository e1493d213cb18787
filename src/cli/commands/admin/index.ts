/**
 * `silo admin ...`: the admin API through `AdminClient` (root credential only). One file per
 * area; this one makes the group and registers them.
 */
import type { Command } from 'commander'
import { registerAdminConfigCommands } from './config.js'
import { registerAdminCredentialCommand } from './credential.js'
import { registerAdminHealCommand } from './heal.js'
import { registerAdminInfoCommand } from './info.js'
import { registerAdminPolicyCommands } from './policy.js'
import { registerAdminServiceCommands } from './service.js'
import { registerAdminUserCommands } from './user.js'

/**
 * Registers `admin` and its sub-commands.
 * @example
 * registerAdminCommands(program) // silo admin info local
 */
export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('administer a deployment (root credential)')
  registerAdminServiceCommands(admin)
  registerAdminInfoCommand(admin)
  registerAdminPolicyCommands(admin)
  registerAdminUserCommands(admin)
  registerAdminCredentialCommand(admin)
  registerAdminConfigCommands(admin)
  registerAdminHealCommand(admin)
}
