/**
 * `silo rm --version-id ID` and `silo rm --versions [--recursive --force]`: remove one version
 * of an object, or every version and delete marker of a key (or of every key under a prefix),
 * for good. `--bypass` sends x-amz-bypass-governance-retention for GOVERNANCE-locked versions.
 */
import type { Client } from '../../index.js'
import type { CliContext } from '../context.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { listObjectVersions, removeObjectVersion } from '../remote/sdk-pending.js'

/** An object (or prefix) under an alias, optionally one version of it. */
export interface VersionTarget {
  alias: string
  bucket: string
  key: string
  versionId?: string
}

/**
 * Removes one version and prints `Removed \`local/b/k\` (versionId=ID).` as mc does.
 * @example
 * await removeVersionOf(ctx, client, { alias: 'local', bucket: 'b', key: 'k', versionId: 'v1' }, false)
 */
export async function removeVersionOf(
  ctx: CliContext,
  client: Client,
  target: VersionTarget,
  bypass: boolean,
): Promise<void> {
  const name = `${target.alias}/${target.bucket}/${target.key}`
  try {
    await removeObjectVersion(client, target, bypass)
  } catch (error) {
    throw new CliError(`cannot remove "${name}" (versionId=${target.versionId}): ${describeError(error)}`, {
      cause: error,
    })
  }
  ctx.out.result(`Removed \`${ctx.out.name(name)}\` (versionId=${target.versionId}).`, {
    key: name,
    versionId: target.versionId,
  })
}

/**
 * Removes every version and delete marker of `key` (of every key under it when `recursive`).
 * A key with no versions at all is an error, as for a plain `rm`.
 * @example
 * await removeVersions(ctx, client, { alias: 'local', bucket: 'b', key: 'k' }, false, false)
 */
export async function removeVersions(
  ctx: CliContext,
  client: Client,
  target: VersionTarget,
  recursive: boolean,
  bypass: boolean,
): Promise<void> {
  let removed = 0
  for await (const entry of listObjectVersions(client, target.bucket, target.key, true)) {
    if (entry.name === undefined || entry.versionId === undefined) continue
    if (!recursive && entry.name !== target.key) continue
    await removeVersionOf(ctx, client, { ...target, key: entry.name, versionId: entry.versionId }, bypass)
    removed++
  }
  if (removed === 0) {
    throw new CliError(
      `cannot remove "${target.alias}/${target.bucket}/${target.key}": the object has no versions`,
    )
  }
}
