/**
 * The `silo` command tree: global flags, every command group, `--version`, the examples under
 * each command's help, and the one-line usage errors. `main.ts` runs it; tests walk it.
 */
import { Command } from 'commander'
import { registerAdminCommands } from './commands/admin/index.js'
import { registerCatCommand } from './commands/cat.js'
import { registerConfigCommands } from './commands/config-host.js'
import { registerCpCommand } from './commands/cp.js'
import { registerEventCommands } from './commands/event.js'
import { registerIlmCommands } from './commands/ilm.js'
import { registerLegalHoldCommands } from './commands/legalhold.js'
import { registerLsCommand } from './commands/ls.js'
import { registerMbCommand } from './commands/mb.js'
import { registerMirrorCommand } from './commands/mirror.js'
import { registerRbCommand } from './commands/rb.js'
import { registerRetentionCommands } from './commands/retention.js'
import { registerRmCommand } from './commands/rm.js'
import { registerServerCommand } from './commands/server.js'
import { registerShareCommands } from './commands/share.js'
import { registerStatCommand } from './commands/stat.js'
import { registerTagCommands } from './commands/tag.js'
import { registerVersionCommands } from './commands/version.js'
import { registerWatchCommand } from './commands/watch.js'
import { installExamples } from './help/install-examples.js'
import { installUsageErrors } from './usage.js'
import { describeVersion } from './version.js'

/**
 * Builds the `silo` program. Global flags are accepted before or after the command words.
 * @example
 * await createProgram().parseAsync(process.argv)
 */
export function createProgram(): Command {
  const program = new Command('silo')
    .description('Silo object storage: an S3-compatible server and its command-line client')
    .version(describeVersion(), '-v, --version', 'print the version of silo and exit')
    .option('--json', 'print JSON, one object per line, each with a "status" field', false)
    .option('--debug', 'print each request and response to stderr (secrets redacted)', false)
    .option('--no-color', 'never colour the output (NO_COLOR in the environment does the same)')
    .option('--quiet', 'print no progress bars and no text results', false)
    .option('--config-dir <path>', 'configuration folder (default: ~/.silo)')
    .option('--insecure', 'accept any TLS certificate (e.g. self-signed)', false)
    .helpOption('-h, --help', 'show help for a command')

  registerServerCommand(program)
  registerConfigCommands(program)
  registerLsCommand(program)
  registerMbCommand(program)
  registerRbCommand(program)
  registerCpCommand(program)
  registerMirrorCommand(program)
  registerCatCommand(program)
  registerRmCommand(program)
  registerStatCommand(program)
  registerVersionCommands(program)
  registerTagCommands(program)
  registerRetentionCommands(program)
  registerLegalHoldCommands(program)
  registerIlmCommands(program)
  registerShareCommands(program)
  registerWatchCommand(program)
  registerEventCommands(program)
  registerAdminCommands(program)
  installExamples(program)
  installUsageErrors(program)
  return program
}
