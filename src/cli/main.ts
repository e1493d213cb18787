import { Command } from 'commander'
import { registerServerCommand } from './commands/server.js'

/**
 * The `silo` command line. Each command registers itself from `./commands/`; client commands
 * (which speak through the SDK) join `server` here.
 */
const program = new Command('silo')
  .description('Silo object storage: an S3-compatible server and its command-line client')
  .showHelpAfterError()

registerServerCommand(program)

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(`silo: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
