/**
 * `silo admin info ALIAS`: one block per server (the seed's text form), or the server
 * information record per line with `--json`.
 */
import type { Command } from 'commander'
import type { ServerInfo } from '../../../index.js'
import { runAction } from '../../action.js'
import type { Palette } from '../../output/colors.js'
import { formatSize } from '../../output/format-size.js'
import { formatAgo } from '../../output/format-time.js'
import { adminAlias } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

/**
 * The text block of one server.
 * @example
 * formatServerInfo(info, createPalette(false))
 * // '●  127.0.0.1:9000\n   Uptime : online since 2 hours ago\n  Version : ...'
 */
export function formatServerInfo(info: ServerInfo, colors: Palette): string {
  if (info.error) {
    return [`${colors.red('●')}  ${colors.bold(info.address)}`, `    Error : ${info.error}`].join('\n')
  }
  const { server, network, storage } = info
  const arns = server.sqsARN.length > 0 ? server.sqsARN.join(' ') : '<none>'
  return [
    `${colors.green('●')}  ${colors.bold(info.address)}`,
    `   Uptime : online since ${formatAgo(server.uptime * 1000)} ago`,
    `  Version : ${server.version}`,
    `   Region : ${server.region}`,
    ` SQS ARNs : ${arns}`,
    // Silo's counters say what they mean: `received` came in, `transferred` went out.
    `    Stats : Incoming ${formatSize(network.received, { spaced: true })}, Outgoing ${formatSize(network.transferred, { spaced: true })}`,
    `  Storage : Used ${formatSize(storage.used, { spaced: true })}`,
    ...formatDrives(storage.backend, colors),
    ...formatOwnDrives(info, colors),
  ].join('\n')
}

/**
 * A cluster member's own drives (those whose URL names its address), one line each with its
 * state; none for a single server, whose drives are folders.
 * @example
 * formatOwnDrives(info, palette) // ['           http://127.0.0.1:9001/srv/d1 ok', ...]
 */
export function formatOwnDrives(info: ServerInfo, colors: Palette): string[] {
  const drives = (info.storage.backend.sets ?? []).flat()
  const own = drives.filter((drive) => {
    try {
      return new URL(drive.endpoint).host === info.address
    } catch {
      return false
    }
  })
  return own.map((drive) => {
    const state = drive.state === 'ok' ? colors.green(drive.state) : colors.red(drive.state)
    return `           ${drive.endpoint} ${state}`
  })
}

/**
 * The drives line of an erasure-coded server (none for one drive): online and offline counts,
 * the erasure sets when more than one, and the STANDARD class's data+parity (of each set),
 * offline in red when any.
 * @example
 * formatDrives({ backendType: 'Erasure', onlineDisks: 6, offlineDisks: 2, standardSCData: 4, standardSCParity: 4 }, palette)
 * // ['   Drives : 6 online, 2 offline (EC 4+4)']
 */
export function formatDrives(backend: ServerInfo['storage']['backend'], colors: Palette): string[] {
  if (backend.onlineDisks === undefined || backend.offlineDisks === undefined) return []
  const offline = `${backend.offlineDisks} offline`
  const sets = (backend.sets?.length ?? 0) > 1 ? `${backend.sets!.length} sets, ` : ''
  const ec =
    backend.standardSCData === undefined
      ? ''
      : ` (${sets}EC ${backend.standardSCData}+${backend.standardSCParity ?? 0})`
  const paint = backend.offlineDisks > 0 ? colors.red : (text: string) => text
  return [`   Drives : ${backend.onlineDisks} online, ${paint(offline)}${ec}`]
}

/**
 * Registers `admin info`.
 * @example
 * registerAdminInfoCommand(admin) // silo admin info local
 */
export function registerAdminInfoCommand(admin: Command): void {
  admin
    .command('info')
    .description('print server information (uptime, version, region, ARNs, traffic, storage, drives)')
    .argument('<ALIAS>', 'deployment alias')
    .action(
      runAction(async (ctx, [target]) => {
        const alias = adminAlias(target!, 'admin info')
        const servers = await attempt(`get information on "${alias}"`, (await ctx.admin(alias)).serverInfo())
        const blocks = servers.map((info) => formatServerInfo(info, ctx.out.colors))
        servers.forEach((info, i) => {
          ctx.out.result(i < blocks.length - 1 ? `${blocks[i]}\n` : blocks[i]!, { ...info })
        })
      }),
    )
}
