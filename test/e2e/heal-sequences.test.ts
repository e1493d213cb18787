/**
 * Heal sequence rules on a real erasure-coded server (the built `silo server` over 4 drives),
 * through AdminClient. More objects than the 1000 unread items a sequence buffers make a
 * sequence that nobody polls stay live (paused, waiting for a poll), so re-attach, overlap, force
 * start and stop are checked without racing the heal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminClient, HealStatusItem } from '../../src/index.js'
import { CLI_BUILT, createDrives, type Drives, type SiloProcess, startSilo } from './helpers/erasure.js'

const OBJECTS = 1010

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (e) {
    return (e as { code?: string }).code ?? String(e)
  }
  return 'no error'
}

/** Polls to the end; every item, in order. */
async function drain(admin: AdminClient, clientToken: string) {
  const items: HealStatusItem[] = []
  for (;;) {
    const status = await admin.healStatus({ clientToken })
    items.push(...status.items)
    if (status.summary !== 'running') return { status, items }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.skipIf(!CLI_BUILT)('heal sequences on an erasure-coded server', () => {
  let drives: Drives
  let server: SiloProcess

  beforeAll(async () => {
    drives = await createDrives(4)
    server = await startSilo(drives.paths)
    const client = server.client()
    await client.makeBucket('photos')
    const keys = Array.from({ length: OBJECTS }, (_, i) => `k${String(i).padStart(4, '0')}`)
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => client.putObject('photos', key, Buffer.from(key))))
    }
  }, 120_000)

  afterAll(async () => {
    await server?.kill()
    await drives?.remove()
  })

  it('re-attach, overlap, force start, item ids across polls, stop', async () => {
    const admin = server.admin()
    const first = await admin.heal({ recursive: true, dryRun: true })
    // Let items pile up unread (the sequence cannot end: more than 1000 items, nobody polls).
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await admin.heal({ recursive: true, dryRun: true })).toEqual(first)
    expect(await codeOf(admin.heal({ bucket: 'photos', recursive: true }))).toBe('XSiloHealOverlappingPaths')

    const second = await admin.heal({ recursive: true, dryRun: false, forceStart: true })
    expect(second.clientToken).not.toBe(first.clientToken)
    expect(await codeOf(admin.healStatus({ clientToken: first.clientToken }))).toBe(
      'XSiloHealInvalidClientToken',
    )
    const { status, items } = await drain(admin, second.clientToken)
    expect(status).toMatchObject({ summary: 'finished', detail: '', numDisks: 4 })
    expect(status.settings).toEqual({ recursive: true, dryRun: false })
    expect(items.map((item) => item.resultId)).toEqual(items.map((_, i) => i + 1))
    expect(items.filter((item) => item.type === 'object')).toHaveLength(OBJECTS)

    const third = await admin.heal({ bucket: 'photos', recursive: true })
    expect(await admin.stopHeal({ bucket: 'photos' })).toEqual(third)
    expect(await codeOf(admin.healStatus({ bucket: 'photos', clientToken: third.clientToken }))).toBe(
      'XSiloHealNoSuchProcess',
    )
    expect((await admin.stopHeal({ bucket: 'photos' })).clientToken).toBe('invalid')
  }, 120_000)
})
