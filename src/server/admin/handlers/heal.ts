import type { HealSettings } from '../../../shared/admin/heal.js'
import { explainInvalidBucketName } from '../../../shared/names.js'
import { S3ServerError } from '../../errors.js'
import type { AdminArgs } from '../admin-args.js'
import { parseJsonBody } from '../admin-body.js'
import { sendJson } from '../admin-response.js'
import type { HealTarget } from '../heal/heal-target.js'

/**
 * `POST /silo/admin/v1/heal[/{bucket}[/{prefix...}]]`: starts a heal sequence (body
 * `{"recursive","dryRun"}`, query `forceStart`), polls it (`?clientToken=`) or stops it
 * (`?forceStop`), through the server's heal sequences (src/server/admin/heal/). As in MinIO, the
 * query keys count by their presence. A single-drive server answers XSiloHealNotImplemented.
 */
export async function handleHeal({ ctx, req, res, params, query, body }: AdminArgs): Promise<void> {
  const heal = ctx.admin.heal
  const target = splitHealTarget(params.target ?? '')
  heal.ensureSupported(target)
  checkHealTarget(target)
  const clientToken = query.get('clientToken')
  if (clientToken !== null) {
    sendJson(res, 200, heal.status(target, clientToken))
    return
  }
  const forceStart = query.has('forceStart')
  if (query.has('forceStop')) {
    if (forceStart) {
      throw new S3ServerError('XSiloAdminInvalidArgument', 'Give forceStart or forceStop, not both.')
    }
    sendJson(res, 200, await heal.stop(target))
    return
  }
  const settings = parseHealSettings(body)
  const clientAddress = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
  sendJson(res, 200, await heal.start(target, { settings, forceStart, clientAddress }))
}

/** `bucket/prefix...` of the route. */
function splitHealTarget(path: string): HealTarget {
  const slash = path.indexOf('/')
  return slash === -1
    ? { bucket: path, prefix: '' }
    : { bucket: path.slice(0, slash), prefix: path.slice(slash + 1) }
}

/** A prefix without a bucket, or a bad bucket name, is refused. */
function checkHealTarget({ bucket, prefix }: HealTarget): void {
  if (bucket === '') {
    if (prefix !== '') {
      throw new S3ServerError('XSiloHealMissingBucket', `Cannot heal prefix '${prefix}' without a bucket.`)
    }
    return
  }
  const invalid = explainInvalidBucketName(bucket)
  if (invalid) throw new S3ServerError('InvalidBucketName', `Cannot heal '${bucket}': ${invalid}.`)
}

/** The start body; empty means both false. Anything but booleans is refused by name. */
function parseHealSettings(body: Buffer): HealSettings {
  if (body.byteLength === 0) return { recursive: false, dryRun: false }
  const json = parseJsonBody(body)
  const settings: HealSettings = { recursive: false, dryRun: false }
  for (const name of ['recursive', 'dryRun'] as const) {
    const value = json[name]
    if (value === undefined) continue
    if (typeof value !== 'boolean') {
      throw new S3ServerError(
        'XSiloAdminRequestBodyParse',
        `The heal option '${name}' must be true or false, got ${JSON.stringify(value)}.`,
      )
    }
    settings[name] = value
  }
  return settings
}
