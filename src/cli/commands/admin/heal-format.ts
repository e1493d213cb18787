/**
 * How `silo admin heal` prints result items and its summary: per item the type, the name and the
 * drives before → after as counts (`3/4 ok, 1 missing → 4/4 ok`), coloured as mc does (green:
 * every drive ok; yellow: some lost, redundancy left; red: no redundancy left or worse).
 */
import type { DriveStatus, HealResultItem } from '../../../index.js'
import type { Palette } from '../../output/colors.js'

/** What became of one item: healthy before, healed (or would be, on a dry run), or not healable. */
export type HealOutcome = 'healthy' | 'healed' | 'failed'

/** Counts for the summary line. */
export interface HealTally {
  items: number
  objects: number
  buckets: number
  /** Drive formats, bucket and system documents. */
  metadata: number
  healthy: number
  healed: number
  failed: number
}

/** An empty tally. */
export function createHealTally(): HealTally {
  return { items: 0, objects: 0, buckets: 0, metadata: 0, healthy: 0, healed: 0, failed: 0 }
}

/**
 * Counts one item into `tally` and returns its outcome.
 * @example
 * tallyHealItem(tally, item, false) // 'healed'
 */
export function tallyHealItem(tally: HealTally, item: HealResultItem, dryRun: boolean): HealOutcome {
  const outcome = classifyHealItem(item, dryRun)
  tally.items += 1
  if (item.type === 'object') tally.objects += 1
  else if (item.type === 'bucket') tally.buckets += 1
  else tally.metadata += 1
  tally[outcome] += 1
  return outcome
}

/**
 * The outcome of an item. A step's error (in `detail`) fails it. Otherwise: every drive ok
 * before is healthy; after a heal, every drive ok is healed; on a dry run (nothing changes), an
 * item is healable unless a drive is offline (a heal cannot reach it) or more drives than the
 * parity are lost (too few left to rebuild from).
 * @example
 * classifyHealItem(item, true) // 'healed' means: would be healed
 */
export function classifyHealItem(item: HealResultItem, dryRun: boolean): HealOutcome {
  if (stepError(item) !== '') return 'failed'
  const before = item.before.drives
  if (before.every((drive) => drive.state === 'ok') && item.after.drives.every((d) => d.state === 'ok')) {
    return 'healthy'
  }
  if (!dryRun) return item.after.drives.every((drive) => drive.state === 'ok') ? 'healed' : 'failed'
  const lost = before.filter((drive) => drive.state !== 'ok').length
  const offline = before.some((drive) => drive.state === 'offline')
  return offline || lost > parityOf(item) ? 'failed' : 'healed'
}

/**
 * One item's line.
 * @example
 * formatHealItem(item, palette) // '  ◦ photos/cat.jpg  object  3/4 ok, 1 missing → 4/4 ok'
 */
export function formatHealItem(item: HealResultItem, colors: Palette): string {
  const before = formatDrives(item.before.drives, parityOf(item), colors)
  const after = formatDrives(item.after.drives, parityOf(item), colors)
  const error = stepError(item)
  const why = error === '' ? '' : `  ${colors.red(error)}`
  return `  ◦ ${nameOf(item)}  ${colors.dim(item.type)}  ${before} → ${after}${why}`
}

/**
 * The closing line.
 * @example
 * formatHealSummary(tally, { dryRun: false, seconds: 1.25 }, palette)
 * // 'Heal: 7 items (objects 4, buckets 1, metadata 2) in 1.3 s: 5 already healthy, 2 healed, 0 could not be healed'
 */
export function formatHealSummary(
  tally: HealTally,
  run: { dryRun: boolean; seconds: number },
  colors: Palette,
): string {
  const what = `${tally.items} item${tally.items === 1 ? '' : 's'} (objects ${tally.objects}, buckets ${tally.buckets}, metadata ${tally.metadata}) in ${run.seconds.toFixed(1)} s`
  const healed = `${tally.healed} ${run.dryRun ? 'would be healed' : 'healed'}`
  const failed = `${tally.failed} could not be healed`
  const counts = `${tally.healthy} already healthy, ${tally.healed > 0 ? colors.green(healed) : healed}, ${tally.failed > 0 ? colors.red(failed) : failed}`
  return `${run.dryRun ? 'Dry run:' : 'Heal:'} ${what}: ${counts}`
}

/** `ok/total ok`, then the other states' counts, coloured by how much redundancy is left. */
function formatDrives(drives: readonly DriveStatus[], parity: number, colors: Palette): string {
  const ok = drives.filter((drive) => drive.state === 'ok').length
  const others = (['offline', 'missing', 'corrupt'] as const)
    .map((state) => [state, drives.filter((drive) => drive.state === state).length] as const)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `, ${count} ${state}`)
  const text = `${ok}/${drives.length} ok${others.join('')}`
  const lost = drives.length - ok
  if (lost === 0) return colors.green(text)
  return lost < parity ? colors.yellow(text) : colors.red(text)
}

/** Shards that may be lost: the object's parity, or half the drives for other items (MinIO's default). */
function parityOf(item: HealResultItem): number {
  return item.parityBlocks > 0 ? item.parityBlocks : Math.floor(item.after.drives.length / 2)
}

/** The error a step reported, '' when none ('disk-format' names the format step). */
function stepError(item: HealResultItem): string {
  return item.detail === 'disk-format' ? '' : item.detail
}

function nameOf(item: HealResultItem): string {
  if (item.type === 'metadata') return 'drive formats'
  if (item.object === '') return item.bucket
  return `${item.bucket}/${item.object}`
}
