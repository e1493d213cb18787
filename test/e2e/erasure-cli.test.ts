/**
 * `silo server DIR...` in erasure mode: the drive list it accepts and refuses (built binary), the
 * `{1...n}` form end to end, and what the server reports about its drives.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  readObject,
  runSiloServer,
  startSilo,
} from './helpers/erasure.js'

cleanUpErasureRuns()

describe.skipIf(!CLI_BUILT)('silo server DIR... (erasure mode)', () => {
  it.each([
    [
      ['d1', 'd2'],
      'silo server: erasure mode needs at least 4 drives, got 2 (give one DIR for a single drive)',
    ],
    [['d{1...5}'], 'silo server: erasure mode needs an even number of drives (4, 6, ... 16), got 5'],
    [['d{1...34}'], 'silo server: 34 drives cannot form erasure sets of 4 to 16 drives'],
    [['d{1...3}', './d2', 'x', 'y'], "is given twice ('d2' and './d2')"],
    [['d{1..4}'], "silo server: invalid drive argument 'd{1..4}': {1..4} is not a range"],
    [['d{4...1}'], "silo server: invalid drive argument 'd{4...1}': {4...1} counts down"],
  ])('refuses %j with one line and exit 1', async (args, message) => {
    const drives = await createDrives(0)
    const { code, output } = await runSiloServer(args, drives.root)
    expect(code).toBe(1)
    expect(output.trim().split('\n')).toHaveLength(1)
    expect(output).toContain(message)
  })

  it('/data{1...4} starts four drives in erasure mode, EC 2+2, and serves objects', async () => {
    const drives = await createDrives(0)
    for (let i = 1; i <= 4; i++) await mkdir(join(drives.root, `d${i}`))
    const server = await startSilo([join(drives.root, 'd{1...4}')])
    expect(server.output()).toMatch(/^Drives: +4 \(EC 2\+2\)$/m)
    const [info] = await server.admin().serverInfo()
    expect(info!.storage.backend.backendType).toBe('Erasure')
    const client = server.client()
    await client.makeBucket('four')
    await client.putObject('four', 'hello.txt', 'hello from four drives')
    expect((await readObject(client, 'four', 'hello.txt')).toString()).toBe('hello from four drives')
    for (let i = 1; i <= 4; i++) {
      expect(existsSync(join(drives.root, `d${i}`, '.silo.sys/format.json')), `d${i} is formatted`).toBe(true)
    }
  })

  it("the configuration's storageclass sets parity after a restart; parity the drives cannot give is refused", async () => {
    const drives = await createDrives(8)
    const server = await startSilo(drives.paths)
    const admin = server.admin()
    const config = await admin.getConfig()
    await expect(
      admin.setConfig({ ...config, storageclass: { standard: 'EC:5', rrs: '' } }),
    ).rejects.toMatchObject({
      code: 'XSiloAdminConfigBadJSON',
      message: expect.stringContaining(
        'storageclass: STANDARD parity must be a whole number from 1 to 4 for 8 drives',
      ),
    })
    await admin.setConfig({ ...config, storageclass: { standard: 'EC:3', rrs: 'EC:1' } })
    await admin.serviceRestart()
    const [info] = await admin.serverInfo()
    expect(info!.storage.backend).toMatchObject({
      standardSCData: 5,
      standardSCParity: 3,
      rrSCData: 7,
      rrSCParity: 1,
    })
    const client = server.client()
    await client.makeBucket('classes')
    await client.putObject('classes', 'std', 'written with EC 5+3')
    const healer = await admin.heal({ bucket: 'classes', prefix: 'std', dryRun: true })
    let items: Array<{ object: string; dataBlocks?: number; parityBlocks?: number }> = []
    for (let i = 0; i < 100 && !items.some((item) => item.object === 'std'); i++) {
      const status = await admin.healStatus({
        bucket: 'classes',
        prefix: 'std',
        clientToken: healer.clientToken,
      })
      items = items.concat(status.items)
      if (status.summary !== 'running') break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(items.find((item) => item.object === 'std')).toMatchObject({ dataBlocks: 5, parityBlocks: 3 })
  })

  it('SILO_STORAGE_CLASS_STANDARD=EC:2 sets the parity of 8 drives to 2', async () => {
    const drives = await createDrives(8)
    const server = await startSilo(drives.paths, { SILO_STORAGE_CLASS_STANDARD: 'EC:2' })
    expect(server.output()).toMatch(/^Drives: +8 \(EC 6\+2\)$/m)
  })
})
