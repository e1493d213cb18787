import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DriveFormat, FormatReading } from '../storage-drive.js'

/** `<drive>/.silo.sys/format.json` */
export function formatPathOf(dir: string): string {
  return join(dir, '.silo.sys', 'format.json')
}

/** Reads a drive's format.json. A missing directory is `offline`, a missing file `missing`. */
export async function readFormatFile(dir: string): Promise<FormatReading> {
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

/** Writes format.json durably: temp file, fsync, rename, fsync of the folder. */
export async function writeFormatFile(dir: string, format: DriveFormat): Promise<void> {
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
