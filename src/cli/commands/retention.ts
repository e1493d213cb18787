/**
 * `silo retention set|info|clear`: object lock retention of one object version, or (with
 * `--default`) a bucket's default retention, in mc's forms:
 * `silo retention set [--default] governance|compliance 30d|1y ALIAS/BUCKET[/KEY]`.
 */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireBucket } from '../remote/parse-remote.js'
import {
  getObjectLockConfig,
  getObjectRetention,
  putObjectRetention,
  setObjectLockConfig,
  type Target,
} from '../remote/sdk-pending.js'

interface RetentionOptions {
  default: boolean
  bypass: boolean
  versionId?: string
}

/** A validity as mc writes it: `30d` or `1y`. */
export interface Validity {
  unit: 'Days' | 'Years'
  validity: number
}

/**
 * Parses mc's validity, `Nd` or `Ny` (N a positive whole number).
 * @example
 * parseValidity('30d') // { unit: 'Days', validity: 30 }
 */
export function parseValidity(text: string): Validity {
  const match = /^([1-9]\d{0,5})([dDyY])$/.exec(text)
  if (!match) throw new UsageError(`retention set: "${text}" is not a validity like 30d or 1y`)
  return { unit: match[2]?.toLowerCase() === 'd' ? 'Days' : 'Years', validity: Number(match[1]) }
}

/**
 * The date a validity ends, counted from `from`.
 * @example
 * retainUntil({ unit: 'Days', validity: 1 }, new Date('2026-01-01T00:00:00Z')) // 2026-01-02T00:00:00.000Z
 */
export function retainUntil(validity: Validity, from: Date): Date {
  const until = new Date(from)
  if (validity.unit === 'Days') until.setUTCDate(until.getUTCDate() + validity.validity)
  else until.setUTCFullYear(until.getUTCFullYear() + validity.validity)
  return until
}

function parseMode(text: string): 'GOVERNANCE' | 'COMPLIANCE' {
  const mode = text.toUpperCase()
  if (mode !== 'GOVERNANCE' && mode !== 'COMPLIANCE') {
    throw new UsageError(`retention set: the mode is governance or compliance, not "${text}"`)
  }
  return mode
}

function targetOf(path: string, command: string, options: RetentionOptions) {
  const { alias, bucket, key } = requireBucket(path, command)
  const name = `${alias}/${bucket}${key ? `/${key}` : ''}`
  if (options.default && key) throw new UsageError(`${command} --default: give ALIAS/BUCKET, not an object`)
  if (!options.default && !key) {
    throw new UsageError(
      `${command}: "${path}" names a bucket; give ALIAS/BUCKET/KEY, or --default for the bucket`,
    )
  }
  const target: Target = { bucket, key: key || undefined, versionId: options.versionId }
  return { alias, target, name }
}

function failed(what: string, name: string, error: unknown): CliError {
  return new CliError(`cannot ${what} "${name}": ${describeError(error)}`, { cause: error })
}

/**
 * Registers `retention` and its subcommands.
 * @example
 * registerRetentionCommands(program) // silo retention set governance 30d local/records/a.pdf
 */
export function registerRetentionCommands(program: Command): void {
  const retention = program
    .command('retention')
    .description("set, show or clear an object's retention or a bucket's default retention")
  retention
    .command('set')
    .description('lock an object version (or, with --default, new objects of a bucket) for a time')
    .argument('<MODE>', 'governance or compliance')
    .argument('<VALIDITY>', 'how long: Nd (days) or Ny (years), e.g. 30d')
    .argument('<TARGET>', 'ALIAS/BUCKET/KEY, or ALIAS/BUCKET with --default')
    .option('--default', "set the bucket's default retention", false)
    .option('--version-id <ID>', 'lock this version of the object')
    .option(
      '--bypass',
      'shorten or replace a GOVERNANCE retention (needs s3:BypassGovernanceRetention)',
      false,
    )
    .action(
      runAction<RetentionOptions>(async (ctx, [modeText = '', validityText = '', path = ''], options) => {
        const mode = parseMode(modeText)
        const validity = parseValidity(validityText)
        const { alias, target, name } = targetOf(path, 'retention set', options)
        const client = await ctx.client(alias)
        if (options.default) {
          try {
            await setObjectLockConfig(client, target.bucket, { mode, ...validity })
          } catch (error) {
            throw failed('set the default retention of', name, error)
          }
          ctx.out.result(
            `Object lock configuration set for \`${name}\`: ${mode} ${validity.validity} ${validity.unit}.`,
            {
              url: name,
              mode,
              validity: validity.validity,
              unit: validity.unit,
            },
          )
          return
        }
        const until = retainUntil(validity, new Date()).toISOString()
        try {
          await putObjectRetention(client, target, { mode, retainUntilDate: until }, options.bypass)
        } catch (error) {
          throw failed('set the retention of', name, error)
        }
        ctx.out.result(`Object retention set for \`${name}\`: ${mode} until ${until}.`, {
          url: name,
          mode,
          retainUntilDate: until,
          ...(options.versionId === undefined ? {} : { versionId: options.versionId }),
        })
      }),
    )
  retention
    .command('info')
    .description("show an object's retention, or with --default the bucket's default retention")
    .argument('<TARGET>', 'ALIAS/BUCKET/KEY, or ALIAS/BUCKET with --default')
    .option('--default', "show the bucket's default retention", false)
    .option('--version-id <ID>', 'the retention of this version of the object')
    .action(
      runAction<RetentionOptions>(async (ctx, [path = ''], options) => {
        const { alias, target, name } = targetOf(path, 'retention info', options)
        const client = await ctx.client(alias)
        if (options.default) {
          let config: Awaited<ReturnType<typeof getObjectLockConfig>>
          try {
            config = await getObjectLockConfig(client, target.bucket)
          } catch (error) {
            throw failed('read the object lock configuration of', name, error)
          }
          const text = config.mode
            ? `${name}: object lock enabled; default retention ${config.mode} ${config.validity} ${config.unit}`
            : `${name}: object lock enabled; no default retention`
          ctx.out.result(text, {
            url: name,
            enabled: config.objectLockEnabled ?? '',
            mode: config.mode ?? '',
            validity: config.validity ?? 0,
            unit: config.unit ?? '',
          })
          return
        }
        let info: Awaited<ReturnType<typeof getObjectRetention>>
        try {
          info = await getObjectRetention(client, target)
        } catch (error) {
          // S3 answers a version without retention with this 404; that is an answer, not a failure.
          if ((error as { code?: string }).code !== 'NoSuchObjectLockConfiguration') {
            throw failed('read the retention of', name, error)
          }
          info = {}
        }
        const text = info.mode
          ? `${name}: ${info.mode} until ${info.retainUntilDate}`
          : `${name}: no retention`
        ctx.out.result(text, {
          url: name,
          mode: info.mode ?? '',
          retainUntilDate: info.retainUntilDate ?? '',
        })
      }),
    )
  retention
    .command('clear')
    .description("clear a GOVERNANCE retention (with --bypass), or with --default the bucket's default")
    .argument('<TARGET>', 'ALIAS/BUCKET/KEY, or ALIAS/BUCKET with --default')
    .option('--default', "clear the bucket's default retention", false)
    .option('--version-id <ID>', 'clear the retention of this version of the object')
    .option('--bypass', 'needed to clear a GOVERNANCE retention (s3:BypassGovernanceRetention)', false)
    .action(
      runAction<RetentionOptions>(async (ctx, [path = ''], options) => {
        const { alias, target, name } = targetOf(path, 'retention clear', options)
        const client = await ctx.client(alias)
        try {
          if (options.default) await setObjectLockConfig(client, target.bucket, {})
          else await putObjectRetention(client, target, {}, options.bypass)
        } catch (error) {
          throw failed('clear the retention of', name, error)
        }
        ctx.out.result(`Retention cleared for \`${name}\`.`, { url: name })
      }),
    )
}
