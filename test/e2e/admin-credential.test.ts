import { CreateBucketCommand, ListBucketsCommand } from '@aws-sdk/client-s3'
import { afterEach, describe, expect, it } from 'vitest'
import { type AdminHarness, codeOf, startAdminHarness } from '../sdk/admin/admin-harness.js'

const NEW_ROOT = { accessKey: 'rotated-admin', secretKey: 'rotated-admin-secret-9876' }
let h: AdminHarness | undefined

afterEach(async () => {
  await h?.stop()
  h = undefined
})

describe('admin credential', () => {
  it('rotates the root keys: old ones refused at once, new ones work, and both facts survive a restart', async () => {
    h = await startAdminHarness()
    await h.s3().send(new CreateBucketCommand({ Bucket: 'kept' }))
    await h.admin().addUser('member', 'member-secret-1', 'readonly')
    await h.admin().setCredentials(NEW_ROOT.accessKey, NEW_ROOT.secretKey)

    expect(await codeOf(h.admin().serviceStatus())).toBe('InvalidAccessKeyId')
    expect(await codeOf(h.s3().send(new ListBucketsCommand({})))).toBe('InvalidAccessKeyId')
    expect((await h.admin(NEW_ROOT).serviceStatus()).status).toBe('success')
    const buckets = await h.s3(NEW_ROOT).send(new ListBucketsCommand({}))
    expect(buckets.Buckets?.map((b) => b.Name)).toEqual(['kept'])

    // Same folder, same start-up options (the old root): the persisted credential wins.
    const dir = h.dir
    await h.stop(true)
    h = await startAdminHarness(dir)
    expect(await codeOf(h.admin().serviceStatus())).toBe('InvalidAccessKeyId')
    expect((await h.admin(NEW_ROOT).listUsers()).map((u) => u.accessKey)).toEqual(['member'])
    await h.s3({ accessKey: 'member', secretKey: 'member-secret-1' }).send(new ListBucketsCommand({}))
  })

  it('refuses a credential that is too short or that an IAM user already has', async () => {
    h = await startAdminHarness()
    await h.admin().addUser('taken-key', 'taken-secret-1', 'readonly')
    expect(await codeOf(h.admin().setCredentials('ab', 'long-enough-secret'))).toBe(
      'XSiloAdminInvalidAccessKey',
    )
    expect(await codeOf(h.admin().setCredentials('fine-key', 'short'))).toBe('XSiloAdminInvalidSecretKey')
    expect(await codeOf(h.admin().setCredentials('taken-key', 'long-enough-secret'))).toBe(
      'XSiloAdminInvalidAccessKey',
    )
    expect((await h.admin().serviceStatus()).status).toBe('success')
  })
})

describe('service stop', () => {
  it('answers, then stops the server: `stopped` resolves and the port no longer answers', async () => {
    h = await startAdminHarness()
    const { server, url } = h
    await h.admin().serviceStop({ drainSeconds: 1 })
    await server.stopped
    await expect(fetch(`${url}/`)).rejects.toThrow()
  })
})
