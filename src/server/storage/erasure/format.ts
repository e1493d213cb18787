import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * A drive's format.json, in `<drive>/.silo.sys/`: which deployment the drive belongs to, which
 * drive of the set it is, and the set's drive UUIDs in command-line order (MinIO's format.json
 * with `xl` renamed). A drive without one is `missing` (new or wiped) until heal formats it.
 */
export interface DriveFormat {
  version: '1'
  format: 'silo-erasure'
  /** Deployment UUID, the same on every drive. */
  id: string
  erasure: {
    /** This drive's UUID. */
    this: string
    /** One set: every drive's UUID in order. */
    sets: string[][]
    distributionAlgo: 'CRCMOD'
  }
}

/** `<drive>/.silo.sys/format.json` */
export function formatPathOf(dir: string): string {
  return join(dir, '.silo.sys', 'format.json')
}

/** What a drive's format.json holds: the format, none (missing), or something unreadable. */
export type FormatReading =
  | { kind: 'ok'; format: DriveFormat }
  | { kind: 'missing' }
  | { kind: 'corrupt'; reason: string }
  | { kind: 'offline'; reason: string }

/** Reads a drive's format.json. A missing directory is `offline`, a missing file `missing`. */
export async function readFormat(dir: string): Promise<FormatReading> {
  try {
    await stat(dir)
  } catch (error) {
    return { kind: 'offline', reason: (error as Error).message }
  }
  let text: string
  try {
    text = await readFile(formatPathOf(dir), 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'offline', reason: (error as Error).message }
  }
  try {
    const format = JSON.parse(text) as DriveFormat
    if (format.format !== 'silo-erasure' || !Array.isArray(format.erasure?.sets?.[0])) {
      return { kind: 'corrupt', reason: `${formatPathOf(dir)} is not a Silo erasure format` }
    }
    return { kind: 'ok', format }
  } catch {
    return { kind: 'corrupt', reason: `${formatPathOf(dir)} is not valid JSON` }
  }
}

/** Formats for a new deployment of `drives` drives: fresh UUIDs, in order. */
export function createFormats(drives: number): DriveFormat[] {
  const id = randomUUID()
  const uuids = Array.from({ length: drives }, () => randomUUID())
  return uuids.map((uuid) => formatFor(id, uuids, uuid))
}

/** The format of drive `uuid` of a deployment. */
export function formatFor(id: string, uuids: string[], uuid: string): DriveFormat {
  return {
    version: '1',
    format: 'silo-erasure',
    id,
    erasure: { this: uuid, sets: [uuids], distributionAlgo: 'CRCMOD' },
  }
}

/** Writes format.json durably: temp file, fsync, rename, fsync of the folder. */
export async function writeFormat(dir: string, format: DriveFormat): Promise<void> {
  const sys = join(dir, '.silo.sys')
  // Not recursive: the drive folder must exist (made only for a new deployment, see DriveSet.open).
  await mkdir(sys).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error
  })
  const tmp = join(sys, `format.json.${randomUUID()}.tmp`)
  const file = await open(tmp, 'wx')
  try {
    await file.writeFile(JSON.stringify(format, null, 2))
    await file.datasync()
  } finally {
    await file.close()
  }
  await rename(tmp, formatPathOf(dir))
  const folder = await open(sys, 'r')
  try {
    await folder.sync()
  } finally {
    await folder.close()
  }
}
