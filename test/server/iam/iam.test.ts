import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createIamCredentialStore } from '../../../src/server/auth/credentials.js'
import { Iam } from '../../../src/server/iam/iam.js'
import type { ObjectLayer } from '../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../src/server/storage/single-drive.js'

const ROOT = { accessKey: 'root-user', secretKey: 'root-secret-1' }
const PREFIX_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::logs/*' }],
})
let dir: string
let storage: ObjectLayer

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-iam-'))
  storage = await openSingleDrive(dir)
})
afterEach(async () => {
  await storage.close()
  await rm(dir, { recursive: true, force: true })
})

async function reopen(): Promise<Iam> {
  await storage.close()
  storage = await openSingleDrive(dir)
  const iam = new Iam(storage, ROOT)
  await iam.load()
  return iam
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  )

describe('Iam', () => {
  it('keeps users, policies and the root credential across a reopen; no secret in listings', async () => {
    const iam = new Iam(storage, ROOT)
    await iam.load()
    await iam.addPolicy('logs-read', PREFIX_POLICY)
    await iam.addUser({ accessKey: 'reader', secretKey: 'reader-secret', policy: 'logs-read' })
    await iam.setUserStatus('reader', 'disabled')
    await iam.setRootCredential({ accessKey: 'new-root', secretKey: 'new-root-secret' })

    const again = await reopen()
    expect(again.root.current).toEqual({ accessKey: 'new-root', secretKey: 'new-root-secret' })
    expect(again.users.list()).toEqual([{ accessKey: 'reader', status: 'disabled', policy: 'logs-read' }])
    expect(again.policies.list().map((p) => [p.name, p.builtIn])).toEqual([
      ['logs-read', false],
      ['readonly', true],
      ['readwrite', true],
      ['writeonly', true],
    ])
    const credentials = createIamCredentialStore(again)
    expect(credentials.secretOf('reader')).toBe('reader-secret')
    expect(credentials.identityOf('reader')).toEqual({ accessKey: 'reader', root: false, disabled: true })
    expect(credentials.secretOf(ROOT.accessKey)).toBeUndefined()
    expect(credentials.identityOf('new-root').root).toBe(true)
  })

  it('a stored policy replaces a built-in; removing it brings the built-in back, even for its users', async () => {
    const iam = new Iam(storage, ROOT)
    await iam.load()
    await iam.addPolicy('readonly', PREFIX_POLICY)
    await iam.addUser({ accessKey: 'reader', secretKey: 'reader-secret', policy: 'readonly' })
    expect(iam.policies.list().find((p) => p.name === 'readonly')?.builtIn).toBe(false)
    await iam.removePolicy('readonly')
    expect(iam.policies.list().find((p) => p.name === 'readonly')?.builtIn).toBe(true)
    expect((await reopen()).policies.list().find((p) => p.name === 'readonly')?.document).not.toContain(
      'logs',
    )
  })

  it('refuses what would leave IAM inconsistent, and stores nothing then', async () => {
    const iam = new Iam(storage, ROOT)
    await iam.load()
    await iam.addPolicy('logs-read', PREFIX_POLICY)
    await iam.addUser({ accessKey: 'reader', secretKey: 'reader-secret', policy: 'logs-read' })
    expect(await code(iam.removePolicy('logs-read'))).toBe('XSiloAdminPolicyInUse')
    expect(await code(iam.setUserPolicy('reader', 'missing'))).toBe('XSiloAdminNoSuchPolicy')
    expect(await code(iam.setUserPolicy('nobody', 'readonly'))).toBe('XSiloAdminNoSuchUser')
    expect(await code(iam.setUserStatus('reader', 'paused'))).toBe('XSiloAdminInvalidArgument')
    expect(
      await code(iam.addUser({ accessKey: 'root-user', secretKey: 'whatever-1', policy: 'readonly' })),
    ).toBe('InvalidRequest')
    expect(await code(iam.addUser({ accessKey: 'a/b', secretKey: 'whatever-1', policy: 'readonly' }))).toBe(
      'XSiloAdminInvalidAccessKey',
    )
    expect(
      await code(iam.addPolicy('bad', '{"Version":"2012-10-17","Statement":[{"Effect":"Permit"}]}')),
    ).toBe('MalformedPolicy')
    expect(await code(iam.addPolicy('../x', PREFIX_POLICY))).toBe('XSiloAdminInvalidArgument')
    const again = await reopen()
    expect(again.users.list()).toEqual([{ accessKey: 'reader', status: 'enabled', policy: 'logs-read' }])
    expect(again.policies.has('bad')).toBe(false)
  })
})
