import { describe, expect, it } from 'vitest'
import {
  classifyHealItem,
  createHealTally,
  formatHealItem,
  formatHealSummary,
  tallyHealItem,
} from '../../../src/cli/commands/admin/heal-format.js'
import { formatDrives, formatServerInfo } from '../../../src/cli/commands/admin/info.js'
import { createPalette } from '../../../src/cli/output/colors.js'
import type { DriveState, HealResultItem, ServerInfo } from '../../../src/index.js'

const plain = createPalette(false)
const colored = createPalette(true)

function item(
  type: HealResultItem['type'],
  name: string,
  before: DriveState[],
  after: DriveState[],
  extra: Partial<HealResultItem> = {},
): HealResultItem {
  const [bucket = '', ...rest] = name.split('/')
  const drives = (states: DriveState[]) =>
    states.map((state, i) => ({ uuid: '', endpoint: `/d${i + 1}`, state }))
  return {
    type,
    bucket,
    object: rest.join('/'),
    detail: type === 'metadata' ? 'disk-format' : '',
    dataBlocks: type === 'object' ? 2 : 0,
    parityBlocks: type === 'object' ? 2 : 0,
    diskCount: before.length,
    setCount: 1,
    before: { drives: drives(before) },
    after: { drives: drives(after) },
    objectSize: type === 'object' ? 10 : -1,
    ...extra,
  }
}

const OK4: DriveState[] = ['ok', 'ok', 'ok', 'ok']

describe('heal item lines', () => {
  it('print type, name and drives before → after as counts with the other states', () => {
    expect(
      formatHealItem(item('object', 'photos/2026/cat.jpg', ['ok', 'missing', 'ok', 'ok'], OK4), plain),
    ).toBe('  ◦ photos/2026/cat.jpg  object  3/4 ok, 1 missing → 4/4 ok')
    expect(
      formatHealItem(
        item('metadata', '', ['ok', 'offline', 'missing', 'ok'], ['ok', 'offline', 'ok', 'ok']),
        plain,
      ),
    ).toBe('  ◦ drive formats  metadata  2/4 ok, 1 offline, 1 missing → 3/4 ok, 1 offline')
    expect(formatHealItem(item('bucket', 'photos', OK4, OK4), plain)).toBe(
      '  ◦ photos  bucket  4/4 ok → 4/4 ok',
    )
    const failed = item(
      'object',
      'photos/a',
      ['ok', 'corrupt', 'corrupt', 'corrupt'],
      ['ok', 'corrupt', 'corrupt', 'corrupt'],
      {
        detail: 'below read quorum',
      },
    )
    expect(formatHealItem(failed, plain)).toBe(
      '  ◦ photos/a  object  1/4 ok, 3 corrupt → 1/4 ok, 3 corrupt  below read quorum',
    )
  })

  it('colour drives green when all are ok, yellow while redundancy is left, red when none is', () => {
    const line = formatHealItem(
      item('object', 'b/k', ['ok', 'missing', 'ok', 'ok'], ['ok', 'missing', 'missing', 'ok']),
      colored,
    )
    expect(line).toContain('\x1b[33m3/4 ok, 1 missing\x1b[39m')
    expect(line).toContain('\x1b[31m2/4 ok, 2 missing\x1b[39m')
    expect(formatHealItem(item('bucket', 'b', OK4, OK4), colored)).toContain('\x1b[32m4/4 ok\x1b[39m')
  })
})

describe('heal outcomes and summary', () => {
  it('classifies healthy, healed and not healable items, on a heal and on a dry run', () => {
    expect(classifyHealItem(item('object', 'b/k', OK4, OK4), false)).toBe('healthy')
    expect(classifyHealItem(item('object', 'b/k', ['ok', 'corrupt', 'ok', 'ok'], OK4), false)).toBe('healed')
    expect(
      classifyHealItem(
        item('object', 'b/k', ['offline', 'ok', 'ok', 'ok'], ['offline', 'ok', 'ok', 'ok']),
        false,
      ),
    ).toBe('failed')
    const missing = ['ok', 'missing', 'ok', 'ok'] as DriveState[]
    expect(classifyHealItem(item('object', 'b/k', missing, missing), true)).toBe('healed')
    const offline = ['ok', 'offline', 'ok', 'ok'] as DriveState[]
    expect(classifyHealItem(item('object', 'b/k', offline, offline), true)).toBe('failed')
    const lost = ['ok', 'missing', 'missing', 'missing'] as DriveState[]
    expect(classifyHealItem(item('object', 'b/k', lost, lost), true)).toBe('failed')
    expect(classifyHealItem(item('bucket', 'b', OK4, OK4, { detail: 'EIO' }), false)).toBe('failed')
    expect(classifyHealItem(item('metadata', '', OK4, OK4), false)).toBe('healthy')
  })

  it('sums items by type and outcome into the closing line', () => {
    const tally = createHealTally()
    tallyHealItem(tally, item('metadata', '', OK4, OK4), false)
    tallyHealItem(tally, item('bucket-metadata', '.silo.sys/config/config.json', OK4, OK4), false)
    tallyHealItem(tally, item('bucket', 'photos', ['ok', 'missing', 'ok', 'ok'], OK4), false)
    tallyHealItem(tally, item('object', 'photos/a', ['ok', 'missing', 'ok', 'ok'], OK4), false)
    tallyHealItem(
      tally,
      item('object', 'photos/b', ['offline', 'ok', 'ok', 'ok'], ['offline', 'ok', 'ok', 'ok']),
      false,
    )
    expect(formatHealSummary(tally, { dryRun: false, seconds: 1.26 }, plain)).toBe(
      'Heal: 5 items (objects 2, buckets 1, metadata 2) in 1.3 s: 2 already healthy, 2 healed, 1 could not be healed',
    )
    expect(formatHealSummary(createHealTally(), { dryRun: true, seconds: 0 }, plain)).toBe(
      'Dry run: 0 items (objects 0, buckets 0, metadata 0) in 0.0 s: 0 already healthy, 0 would be healed, 0 could not be healed',
    )
  })
})

describe('admin info drives line', () => {
  const erasure: ServerInfo['storage']['backend'] = {
    backendType: 'Erasure',
    onlineDisks: 6,
    offlineDisks: 2,
    standardSCData: 4,
    standardSCParity: 4,
    rrSCData: 6,
    rrSCParity: 2,
    sets: [],
  }

  it('shows online and offline drives and the EC split for erasure servers, nothing for one drive', () => {
    expect(formatDrives(erasure, plain)).toEqual(['   Drives : 6 online, 2 offline (EC 4+4)'])
    expect(formatDrives({ ...erasure, offlineDisks: 0, onlineDisks: 8 }, colored)).toEqual([
      '   Drives : 8 online, 0 offline (EC 4+4)',
    ])
    expect(formatDrives(erasure, colored)[0]).toContain('\x1b[31m2 offline\x1b[39m')
    const set = (from: number) =>
      [1, 2, 3, 4].map((n) => ({ uuid: '', endpoint: `/d${from + n}`, state: 'ok' as const }))
    const sets = [set(0), set(4)]
    expect(formatDrives({ ...erasure, sets }, plain)).toEqual([
      '   Drives : 6 online, 2 offline (2 sets, EC 4+4)',
    ])
    expect(formatDrives({ backendType: 'FS' }, plain)).toEqual([])
  })

  it('ends the server block with it', () => {
    const info: ServerInfo = {
      status: 'success',
      service: 'on',
      address: '127.0.0.1:9000',
      error: '',
      storage: { used: 2048, backend: erasure },
      network: { transferred: 0, received: 0 },
      server: { uptime: 5, version: 'v', commitID: 'c', region: 'us-east-1', sqsARN: [] },
    }
    expect(formatServerInfo(info, plain).split('\n').slice(-2)).toEqual([
      '  Storage : Used 2.0 KiB',
      '   Drives : 6 online, 2 offline (EC 4+4)',
    ])
  })
})
