/**
 * Object lock through the Silo SDK and minio-js against a real Silo server (single drive and
 * erasure set): makeBucket with ObjectLocking, default retention, per-version retention with
 * governance bypass, and legal hold give the same results and the same refusals.
 */
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { LEGAL_HOLD_STATUS, RETENTION_MODES, RETENTION_VALIDITY_UNITS } from '../../../src/index.js'
import { both, normalise, useCompatServer } from './helpers.js'

const code = (e: { code?: string; name?: string }) => e.code ?? e.name
// minio-js 8's typings list `void` overloads first for some lock methods; they return Promises.
const promised = (value: unknown) => value as Promise<unknown>
let counter = 0

it('exports minio-js’s lock constants with the same values', () => {
  expect(RETENTION_MODES).toEqual(Minio.RETENTION_MODES)
  expect(RETENTION_VALIDITY_UNITS).toEqual(Minio.RETENTION_VALIDITY_UNITS)
  expect(LEGAL_HOLD_STATUS).toEqual(Minio.LEGAL_HOLD_STATUS)
})

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`object lock through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })
    const lockBucket = async (c: Minio.Client) => {
      counter += 1
      const name = `lock-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`
      await c.makeBucket(name, 'us-east-1', { ObjectLocking: true })
      return name
    }

    it('makeBucket with ObjectLocking, set/getObjectLockConfig: same configs and errors', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await lockBucket(c)
        const versioning = await c.getBucketVersioning(bucket)
        const initial = await c.getObjectLockConfig(bucket)
        await c.setObjectLockConfig(bucket, { mode: 'GOVERNANCE', unit: 'Days', validity: 3 } as never)
        const days = await c.getObjectLockConfig(bucket)
        await c.setObjectLockConfig(bucket, { mode: 'COMPLIANCE', unit: 'Years', validity: 1 } as never)
        const years = await c.getObjectLockConfig(bucket)
        await c.setObjectLockConfig(bucket, {} as never)
        const cleared = await c.getObjectLockConfig(bucket)
        const plain = await env.bucket()
        const onPlain = await promised(c.getObjectLockConfig(plain)).catch(code)
        const partial = await promised(c.setObjectLockConfig(bucket, { mode: 'GOVERNANCE' } as never)).catch(
          (e: Error) => e.name,
        )
        return { versioning, initial, days, years, cleared, onPlain, partial }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      expect(r.silo.value.days).toEqual({
        objectLockEnabled: 'Enabled',
        mode: 'GOVERNANCE',
        unit: 'Days',
        validity: 3,
      })
      expect(r.silo.value.versioning).toEqual({ Status: 'Enabled' })
    })

    it('retention and legal hold: set, read, enforcement and bypass', async () => {
      const until = new Date(Date.now() + 24 * 3600 * 1000)
      until.setUTCMilliseconds(0)
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await lockBucket(c)
        const { versionId } = await c.putObject(bucket, 'r.pdf', 'record')
        const noRetention = await c.getObjectRetention(bucket, 'r.pdf').catch(code)
        await c.putObjectRetention(bucket, 'r.pdf', {
          mode: 'GOVERNANCE',
          retainUntilDate: until.toISOString(),
          versionId: versionId!,
        } as never)
        const retention = await c.getObjectRetention(bucket, 'r.pdf', { versionId: versionId! })
        const lockedDelete = await c.removeObject(bucket, 'r.pdf', { versionId: versionId! }).catch(code)
        const shorten = await c
          .putObjectRetention(bucket, 'r.pdf', {
            mode: 'GOVERNANCE',
            retainUntilDate: new Date(Date.now() + 3600_000).toISOString(),
            versionId: versionId!,
          } as never)
          .catch(code)
        const holdBefore = await c.getObjectLegalHold(bucket, 'r.pdf', { versionId: versionId! }).catch(code)
        await c.setObjectLegalHold(bucket, 'r.pdf', { status: 'ON', versionId: versionId! } as never)
        const hold = await c.getObjectLegalHold(bucket, 'r.pdf')
        const heldDelete = await c
          .removeObject(bucket, 'r.pdf', { versionId: versionId!, governanceBypass: true })
          .catch(code)
        await c.setObjectLegalHold(bucket, 'r.pdf', { status: 'OFF', versionId: versionId! } as never)
        const released = await c.getObjectLegalHold(bucket, 'r.pdf', { versionId: versionId! })
        const bypassed = await c.removeObject(bucket, 'r.pdf', {
          versionId: versionId!,
          governanceBypass: true,
        })
        const badStatus = await promised(
          c.setObjectLegalHold(bucket, 'r.pdf', { status: 'on' } as never),
        ).catch((e: Error) => e.name)
        return {
          noRetention,
          retention,
          lockedDelete,
          shorten,
          holdBefore,
          hold,
          heldDelete,
          released,
          bypassed,
          badStatus,
        }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      expect(r.silo.value.retention!.mode).toBe('GOVERNANCE')
      expect(new Date(r.silo.value.retention!.retainUntilDate).getTime()).toBe(until.getTime())
      expect(r.silo.value.lockedDelete).toBe('AccessDenied')
      expect(r.silo.value.hold).toEqual({ Status: 'ON' })
    })
  })
}
