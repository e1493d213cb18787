import type { Command } from 'commander'
import { EllipsisError, expandEllipsesAll } from '../../shared/ellipses.js'
import { formatLoopbackNote, resolveServerAddress } from './server-address.js'
import { addLimitFlags, readLimitFlags } from './server-limit-flags.js'

interface ServerCommandOptions extends Record<string, unknown> {
  address?: string
  certsDir?: string
  etcd?: string
}

/**
 * The drives `silo server` was given, with `{1...n}` ellipses expanded, checked: one directory
 * (the single-drive backend), or 4 to 16 distinct ones, an even count (erasure mode, one erasure
 * set), or more that split into equal sets of 4 to 16 (`/data{1...32}`: two sets of 16). Rejects
 * with an Error whose message names the problem.
 * @example
 * await resolveDriveArgs(['/data{1...8}']) // ['/data1', ..., '/data8']
 */
export async function resolveDriveArgs(args: readonly string[]): Promise<string[]> {
  const dirs = expandEllipsesAll(args)
  // Drive URLs are distributed mode: the server checks the list against its address and etcd.
  if (dirs.length === 1 || dirs.some((d) => /^https?:\/\//i.test(d))) return dirs
  // The erasure layer's own check, through the server's public API: loaded with import(), as
  // the CLI loads server code only for this command.
  const { checkDriveList } = await import('../../server/index.js')
  checkDriveList(dirs)
  return dirs
}

/**
 * Registers `silo server DIR... [--address HOST:PORT] [--certs-dir DIR]` (and the timeout and
 * connection-cap flags of `addLimitFlags`; without --address, `resolveServerAddress` chooses
 * loopback or every interface): starts an S3-compatible server storing data in DIR (one
 * directory) or erasure-coded over 4 or more drives in sets of up to 16 (`/data{1...8}` expands
 * as in MinIO), and
 * stops it cleanly on SIGINT/SIGTERM. The server code loads only for this command.
 *
 * @example registerServerCommand(program) // then: silo server ./data --address :9000
 */
export function registerServerCommand(program: Command): void {
  addLimitFlags(program.command('server'))
    .description(
      'start an S3-compatible object storage server storing data in DIR, or erasure-coded over 4 or more DIRs (sets of up to 16)',
    )
    .argument(
      '<DIR...>',
      "data directory, or 4 to 16 drives (/data{1...8} expands to /data1 ... /data8), or more in erasure sets of up to 16, or with --etcd every server's drives as URLs",
    )
    .option(
      '--address <HOST:PORT>',
      'bind to this address; :9000 is every interface (default: :9000 when SILO_ROOT_PASSWORD is set, else 127.0.0.1:9000)',
    )
    .option('--certs-dir <DIR>', 'serve HTTPS with DIR/public.crt and DIR/private.key (as MinIO)')
    .option(
      '--etcd <URLS>',
      "distributed mode: etcd's client URLs, comma-separated; the DIRs are then every server's drives as URLs (http://127.0.0.1:{9001...9004}/srv/disk{1...4}), the same list on every server",
    )
    .action(async (args: string[], options: ServerCommandOptions) => {
      let dirs: string[]
      try {
        dirs = await resolveDriveArgs(args)
      } catch (error) {
        const what = error instanceof EllipsisError ? 'invalid drive argument ' : ''
        console.error(`silo server: ${what}${(error as Error).message}`)
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
      const dir = dirs.length === 1 ? dirs[0]! : dirs
      const { address, loopbackByDefault } = resolveServerAddress(options.address, process.env)
      let server: ReturnType<typeof createServer>
      try {
        server = createServer({ dir, address, tls, etcd: options.etcd, ...readLimitFlags(options) })
      } catch (error) {
        console.error(`silo server: ${(error as Error).message.replace(/^createServer: /, '')}`)
        process.exitCode = 1
        return
      }
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
      if (loopbackByDefault) console.log(`\n${formatLoopbackNote()}`)
    })
}
