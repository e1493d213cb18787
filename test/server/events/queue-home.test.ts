import { mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareQueueHome } from '../../../src/server/events/queue-home.js'
import { createLogCollector, makeTempDir } from './helpers.js'

/** Drive folders d1..dN under a temporary root; `formatted` lists those that have a .silo.sys. */
async function makeDrives(count: number, formatted: number[]): Promise<string[]> {
  const root = await makeTempDir()
  const drives = Array.from({ length: count }, (_, i) => join(root, `d${i + 1}`))
  for (const [i, drive] of drives.entries()) {
    await mkdir(drive)
    if (formatted.includes(i)) await mkdir(join(drive, '.silo.sys'))
  }
  return drives
}

describe('prepareQueueHome: where default event queues live', () => {
  it('one drive: its .silo.sys/events, created', async () => {
    const [drive] = await makeDrives(1, [0])
    const home = await prepareQueueHome([drive!], [drive!], createLogCollector())
    expect(home).toEqual({ dir: join(drive!, '.silo.sys', 'events'), strays: [] })
    expect(await readdir(join(drive!, '.silo.sys'))).toEqual(['events'])
  })

  it('erasure: the first healthy drive in command-line order; the others only when they hold queues', async () => {
    const drives = await makeDrives(4, [0, 1, 2, 3])
    await mkdir(join(drives[3]!, '.silo.sys', 'events'))
    const home = await prepareQueueHome(drives, [drives[3]!, drives[2]!, drives[1]!], createLogCollector())
    // d1 is not healthy (offline): d2 holds the queues; d4 holds some from an earlier start.
    expect(home).toEqual({
      dir: join(drives[1]!, '.silo.sys', 'events'),
      strays: [join(drives[3]!, '.silo.sys', 'events')],
    })
    expect(await readdir(join(drives[2]!, '.silo.sys'))).toEqual([])
  })

  it('never creates a .silo.sys: a drive folder without one is skipped (it vanished; defect 6)', async () => {
    const drives = await makeDrives(2, [1])
    const home = await prepareQueueHome(drives, drives, createLogCollector())
    expect(home?.dir).toBe(join(drives[1]!, '.silo.sys', 'events'))
    expect(await readdir(drives[0]!)).toEqual([])
  })

  it('no usable drive: undefined, and a log line says events stay in memory', async () => {
    const drives = await makeDrives(2, [])
    const log = createLogCollector()
    expect(await prepareQueueHome(drives, drives, log)).toBeUndefined()
    expect(log.lines.join('\n')).toMatch(/in memory/)
  })
})
