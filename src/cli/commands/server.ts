import type { Command } from 'commander'

interface ServerCommandOptions {
  address: string
  certsDir?: string
}

/**
 * Registers `silo server DIR [--address HOST:PORT] [--certs-dir DIR]`: starts an S3-compatible server storing data
 * in DIR and stops it cleanly on SIGINT/SIGTERM. The server code loads only for this command.
 *
 * @example registerServerCommand(program) // then: silo server ./data --address :9000
 */
export function registerServerCommand(program: Command): void {
  program
    .command('server')
    .description('start an S3-compatible object storage server storing data in DIR')
    .argument('<DIR...>', 'data directory')
    .option('--address <HOST:PORT>', 'bind to this address', ':9000')
    .option('--certs-dir <DIR>', 'serve HTTPS with DIR/public.crt and DIR/private.key (as MinIO)')
    .action(async (dirs: string[], options: ServerCommandOptions) => {
      if (dirs.length > 1) {
        console.error(
          'silo server: give one DIR for now; erasure-coded multi-drive setups are not available yet',
        )
        process.exitCode = 1
        return
      }
      const { createServer, readCertsDir } = await import('../../server/index.js')
      let tls: ReturnType<typeof readCertsDir> | undefined
      try {
        tls = options.certsDir === undefined ? undefined : readCertsDir(options.certsDir)
      } catch (error) {
        console.error(`silo server: ${(error as Error).message}`)
        process.exitCode = 1
        return
      }
      const server = createServer({ dir: dirs[0]!, address: options.address, tls })
      await server.start()
      const stop = (signal: NodeJS.Signals) => {
        console.log(`\nReceived ${signal}, stopping…`)
        server.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('silo server: error while stopping:', error)
            process.exit(1)
          },
        )
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
}
