/**
 * Object lock through minio-js (`minio` on npm), unchanged, against Silo on both backends (issue
 * 14): an independent client's wire forms (makeBucket ObjectLocking, Content-MD5 on the lock
 * documents, its XML parsing of our answers) meet the server's, so a shape both our SDK and our
 * server got wrong cannot hide.
 */
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../property/helpers/servers.js'
import { ROOT, type TestServer } from '../server/helpers/test-server.js'

const BUCKET = 'minio-lock'

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    return (e as { code?: string }).code ?? String(e)
  }
}

describe.each(BACKENDS)('object lock through minio-js (%s)', (_name, start) => {
  let server: TestServer
  let minio: Minio.Client
  beforeAll(async () => {
    server = await start()
    minio = new Minio.Client({
      endPoint: '127.0.0.1',
      port: server.port,
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
    })
    await minio.makeBucket(BUCKET, '', { ObjectLocking: true })
  })
  afterAll(() => server.stop())

  /** Puts a version into the lock bucket and answers its ID. */
  async function putVersion(key: string, body: Buffer): Promise<string> {
    const { versionId } = await minio.putObject(BUCKET, key, body)
    expect(typeof versionId).toBe('string')
    return versionId as string
  }

  it('makeBucket ObjectLocking enables lock and versioning; the default retention round-trips', async () => {
    expect(await minio.getBucketVersioning(BUCKET)).toMatchObject({ Status: 'Enabled' })
    expect(await minio.getObjectLockConfig(BUCKET)).toEqual({ objectLockEnabled: 'Enabled' })
    await minio.setObjectLockConfig(BUCKET, { mode: 'GOVERNANCE', unit: 'Days', validity: 2 })
    expect(await minio.getObjectLockConfig(BUCKET)).toEqual({
      objectLockEnabled: 'Enabled',
      mode: 'GOVERNANCE',
      unit: 'Days',
      validity: 2,
    })
    const versionId = await putVersion('defaulted', Buffer.from('d'))
    const retention = await minio.getObjectRetention(BUCKET, 'defaulted', { versionId: versionId })
    expect(retention?.mode).toBe('GOVERNANCE')
    // No mode, unit or validity removes the default retention (minio-js's types ask for them).
    await minio.setObjectLockConfig(BUCKET, {} as Parameters<Minio.Client['setObjectLockConfig']>[1])
    expect(await minio.getObjectLockConfig(BUCKET)).toEqual({ objectLockEnabled: 'Enabled' })
  })

  it('retention, legal hold and removeObject with governanceBypass', async () => {
    const versionId = await putVersion('k', Buffer.from('data'))
    const until = new Date(Date.now() + 86_400_000)
    until.setMilliseconds(0)
    await minio.putObjectRetention(BUCKET, 'k', {
      mode: 'GOVERNANCE' as Minio.RETENTION_MODES,
      retainUntilDate: until.toISOString(),
      versionId: versionId,
    })
    const retention = await minio.getObjectRetention(BUCKET, 'k', { versionId: versionId })
    expect([retention?.mode, new Date(retention?.retainUntilDate as string).getTime()]).toEqual([
      'GOVERNANCE',
      until.getTime(),
    ])
    await minio.setObjectLegalHold(BUCKET, 'k', {
      status: 'ON' as Minio.LEGAL_HOLD_STATUS,
      versionId: versionId,
    })
    expect(await minio.getObjectLegalHold(BUCKET, 'k', { versionId: versionId })).toMatchObject({
      Status: 'ON',
    })
    expect(await codeOf(minio.removeObject(BUCKET, 'k', { versionId, governanceBypass: true }))).toBe(
      'AccessDenied',
    )
    await minio.setObjectLegalHold(BUCKET, 'k', {
      status: 'OFF' as Minio.LEGAL_HOLD_STATUS,
      versionId: versionId,
    })
    expect(await codeOf(minio.removeObject(BUCKET, 'k', { versionId }))).toBe('AccessDenied')
    await minio.removeObject(BUCKET, 'k', { versionId, governanceBypass: true })
    expect(await codeOf(minio.statObject(BUCKET, 'k', { versionId }))).not.toBe('ok')
  })

  it('COMPLIANCE holds against governanceBypass; a bucket made without ObjectLocking refuses lock requests', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString()
    const versionId = await putVersion('c', Buffer.from('c'))
    const retention = { mode: 'COMPLIANCE' as Minio.RETENTION_MODES, retainUntilDate: until }
    await minio.putObjectRetention(BUCKET, 'c', { ...retention, versionId: versionId })
    expect(await codeOf(minio.removeObject(BUCKET, 'c', { versionId, governanceBypass: true }))).toBe(
      'AccessDenied',
    )
    const shorter = new Date(Date.now() + 3_600_000).toISOString()
    const shorten = minio.putObjectRetention(BUCKET, 'c', {
      mode: 'COMPLIANCE' as Minio.RETENTION_MODES,
      retainUntilDate: shorter,
      governanceBypass: true,
      versionId: versionId,
    })
    expect(await codeOf(shorten)).toBe('AccessDenied')
    await minio.makeBucket('minio-plain')
    await minio.putObject('minio-plain', 'c', Buffer.from('c'))
    // An unversioned object has no version ID to name: minio-js sends none for ''.
    const plainRetention = minio.putObjectRetention('minio-plain', 'c', { ...retention, versionId: '' })
    expect(await codeOf(plainRetention)).toBe('InvalidRequest')
    // minio-js's overloads type the promise form as void; it returns a promise.
    const plainConfig = Promise.resolve(minio.getObjectLockConfig('minio-plain'))
    expect(await codeOf(plainConfig)).toBe('ObjectLockConfigurationNotFoundError')
  })
})
