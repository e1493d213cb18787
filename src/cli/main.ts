import { endByClosedPipe, endQuietlyOnClosedPipe, isOutputClosed } from './output/closed-pipe.js'
import { createProgram } from './program.js'

// Before anything can write: a closed output pipe ends the CLI quietly, whatever the command.
endQuietlyOnClosedPipe()

/**
 * The `silo` command line (the tree is in `program.ts`). Each command group registers itself from
 * `./commands/`; client commands speak only through the public SDK.
 */
createProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (isOutputClosed()) endByClosedPipe()
    console.error(`silo: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
