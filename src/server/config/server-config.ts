import { type JsonValue, parseJson } from '../../shared/policy/json-parse.js'
import { isPolicyError } from '../../shared/policy/policy-error.js'
import { parseNotifyConfig } from '../events/targets/registry.js'
import { TargetConfigError } from '../events/targets/types.js'
import { createNotifyTemplate } from './notify-template.js'

/** The configuration format version this server writes and accepts. */
export const CONFIG_VERSION = '1'

/** Largest configuration document accepted, in bytes. */
export const MAX_CONFIG_BYTES = 256 * 1024

/** Notification targets: kind → instance id → parameters (the seed's `notify` member). */
export type NotifyConfig = Record<string, Record<string, Record<string, unknown>>>

/**
 * The server configuration document (system document `config/config.json`), read and replaced
 * whole with `config get` / `config set` and applied on `service restart`.
 */
export interface ServerConfig {
  version: typeof CONFIG_VERSION
  /**
   * Region the server answers for; '' means the one given to `createServer`, if any (with none,
   * any region is accepted and us-east-1 reported: server-region.ts).
   */
  region: string
  notify: NotifyConfig
  /**
   * Erasure-coded setups: parity of the storage classes, MinIO's `EC:<parity>` form ('' for the
   * default: half the drives for STANDARD, 2 for REDUCED_REDUNDANCY). Env
   * SILO_STORAGE_CLASS_STANDARD / SILO_STORAGE_CLASS_RRS override it. Ignored on one drive.
   */
  storageclass?: { standard: string; rrs: string }
}

/** A configuration that cannot be accepted; `field` names the bad part (`notify.redis["1"].address`). */
export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError'
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(field === '' ? detail : `${field}: ${detail}`)
  }
}

const KEYS = ['version', 'region', 'notify', 'storageclass']
const STORAGE_CLASS = /^(EC:\d{1,2})?$/
const REGION = /^[a-z0-9-]{0,63}$/

/**
 * The default configuration: the server's start-up region and the `notify` template (every
 * target kind with a disabled instance "1", see notify-template.ts), so no target starts.
 * @example defaultServerConfig('us-east-1').notify.webhook // { '1': { enable: false, endpoint: '' } }
 */
export function defaultServerConfig(region: string): ServerConfig {
  return { version: CONFIG_VERSION, region, notify: createNotifyTemplate() }
}

/**
 * Parses and validates a configuration document. JSON is strict (a duplicated key is an error);
 * the top-level keys are exactly `version` ("1"), `region` and `notify`, whose targets are
 * validated with the targets' own parameter rules.
 *
 * @throws ServerConfigError naming the field, e.g. `region: must be lower-case letters, digits and -`
 * @example parseServerConfig('{"version":"1","region":"eu-west-1","notify":{}}').region // 'eu-west-1'
 */
export function parseServerConfig(text: string): ServerConfig {
  const root = parseRoot(text)
  for (const key of Object.keys(root)) {
    if (!KEYS.includes(key)) {
      throw new ServerConfigError(key, `unknown top-level key (allowed: ${KEYS.join(', ')})`)
    }
  }
  if (root.version !== CONFIG_VERSION) {
    throw new ServerConfigError('version', `must be "${CONFIG_VERSION}", got ${JSON.stringify(root.version)}`)
  }
  const notify = root.notify ?? {}
  try {
    parseNotifyConfig(notify)
  } catch (e) {
    if (e instanceof TargetConfigError)
      throw new ServerConfigError(e.field, e.message.slice(e.field.length + 2))
    throw e
  }
  return buildConfig(root, notify)
}

/** An older setup's configuration file, read as far as this server understands it. */
export interface OlderServerConfig {
  config: ServerConfig
  /** Top-level keys of the file this server does not use (`credential`, `browser`...). */
  ignored: string[]
}

/**
 * Reads the configuration file of an older setup (`~/.silo/config.json`, seed: Versioning 4).
 * Such files carry their own `version` and keys this server has no use for (MinIO's wrote
 * `credential`, `browser`, `logger`...): those are ignored and listed. `region` and
 * `storageclass` are checked as in `parseServerConfig`. `notify` must be an object, but its
 * instances are not checked here: as on any start, a target whose parameters are wrong is
 * logged and left out of the `SQS ARNs` line (seed, Errors 3) and the others start.
 *
 * @throws ServerConfigError for a file that is not a JSON object or has a bad `region`
 * @example parseOlderServerConfig('{"version":"20","credential":{},"notify":{}}').ignored // ['credential']
 */
export function parseOlderServerConfig(text: string): OlderServerConfig {
  const root = parseRoot(text)
  const notify = root.notify ?? {}
  if (notify === null || typeof notify !== 'object' || Array.isArray(notify)) {
    throw new ServerConfigError('notify', 'must be an object')
  }
  const ignored = Object.keys(root).filter((key) => !KEYS.includes(key))
  return { config: buildConfig(root, notify), ignored }
}

/** The document's root object, bounded in size and strictly parsed (a duplicated key is an error). */
function parseRoot(text: string): Record<string, JsonValue> {
  if (new TextEncoder().encode(text).length > MAX_CONFIG_BYTES) {
    throw new ServerConfigError('', `the configuration may be at most ${MAX_CONFIG_BYTES} bytes`)
  }
  const root = parseStrict(text)
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new ServerConfigError('', 'the configuration must be a JSON object')
  }
  return root
}

/** The configuration of a checked root: `region` and `storageclass` checked here. */
function buildConfig(root: Record<string, JsonValue>, notify: JsonValue): ServerConfig {
  const region = root.region ?? ''
  if (typeof region !== 'string' || !REGION.test(region)) {
    throw new ServerConfigError('region', 'must be a string of lower-case letters, digits and - (or "")')
  }
  const config: ServerConfig = { version: CONFIG_VERSION, region, notify: notify as NotifyConfig }
  if (root.storageclass !== undefined) config.storageclass = parseStorageClasses(root.storageclass)
  // A plain copy: parseJson's objects have no prototype.
  return JSON.parse(JSON.stringify(config)) as ServerConfig
}

/** `{"standard": "EC:<p>" | "", "rrs": "EC:<p>" | ""}`. */
function parseStorageClasses(value: JsonValue): { standard: string; rrs: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ServerConfigError(
      'storageclass',
      'must be an object {"standard": "EC:<parity>", "rrs": "EC:<parity>"}',
    )
  }
  const classes = { standard: '', rrs: '' }
  for (const [key, v] of Object.entries(value)) {
    if (key !== 'standard' && key !== 'rrs') {
      throw new ServerConfigError(`storageclass.${key}`, 'unknown key (allowed: standard, rrs)')
    }
    if (typeof v !== 'string' || !STORAGE_CLASS.test(v)) {
      throw new ServerConfigError(
        `storageclass.${key}`,
        'must be "EC:<parity>" (e.g. "EC:2") or "" for the default',
      )
    }
    classes[key] = v
  }
  return classes
}

/** The parity an `EC:<p>` value gives, or undefined for '' (the default). */
export function parityOf(value: string | undefined): number | undefined {
  return value ? Number(value.slice(3)) : undefined
}

function parseStrict(text: string): JsonValue {
  try {
    return parseJson(text)
  } catch (e) {
    if (isPolicyError(e)) throw new ServerConfigError('', e.message)
    throw e
  }
}
