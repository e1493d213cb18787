import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, codeOf, ROOT, startAdminHarness } from '../sdk/admin/admin-harness.js'

let h: AdminHarness

beforeAll(async () => {
  h = await startAdminHarness()
  const root = h.s3()
  await root.send(new CreateBucketCommand({ Bucket: 'data' }))
  for (const key of ['reports/q1.csv', 'private/salaries.csv']) {
    await root.send(new PutObjectCommand({ Bucket: 'data', Key: key, Body: `contents of ${key}` }))
  }
})
afterAll(() => h.stop())

const text = async (s3: ReturnType<AdminHarness['s3']>, key: string) => {
  const out = await s3.send(new GetObjectCommand({ Bucket: 'data', Key: key }))
  return out.Body!.transformToString()
}
const put = (s3: ReturnType<AdminHarness['s3']>, key: string) =>
  s3.send(new PutObjectCommand({ Bucket: 'data', Key: key, Body: 'x' }))

describe('IAM users through the admin API', () => {
  it('a readonly user can list and GET, but PUT is AccessDenied', async () => {
    const reader = { accessKey: 'reader', secretKey: 'reader-secret-1' }
    await h.admin().addUser(reader.accessKey, reader.secretKey, 'readonly')
    const s3 = h.s3(reader)
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'data' }))
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['private/salaries.csv', 'reports/q1.csv'])
    expect(await text(s3, 'reports/q1.csv')).toBe('contents of reports/q1.csv')
    expect(await codeOf(put(s3, 'reports/new.csv'))).toBe('AccessDenied')
  })

  it('a custom policy limited to one prefix works as written', async () => {
    await h.admin().addCannedPolicy('reports-rw', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:GetObject', 's3:PutObject'],
          Resource: ['arn:aws:s3:::data/reports/*'],
        },
        {
          Effect: 'Allow',
          Action: ['s3:ListBucket'],
          Resource: ['arn:aws:s3:::data'],
          Condition: { StringLike: { 's3:prefix': ['reports/*'] } },
        },
      ],
    })
    const analyst = { accessKey: 'analyst', secretKey: 'analyst-secret-1' }
    await h.admin().addUser(analyst.accessKey, analyst.secretKey, 'reports-rw')
    const s3 = h.s3(analyst)
    await put(s3, 'reports/q2.csv')
    expect(await text(s3, 'reports/q2.csv')).toBe('x')
    expect(await codeOf(put(s3, 'private/x.csv'))).toBe('AccessDenied')
    expect(await codeOf(text(s3, 'private/salaries.csv'))).toBe('AccessDenied')
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'data', Prefix: 'reports/' }))
    expect(listed.Contents?.map((o) => o.Key)).toContain('reports/q2.csv')
    expect(await codeOf(s3.send(new ListObjectsV2Command({ Bucket: 'data' })))).toBe('AccessDenied')
  })

  it('a disabled user is refused with XSiloUserDisabled and works again once enabled', async () => {
    const user = { accessKey: 'temp-user', secretKey: 'temp-user-secret' }
    await h.admin().addUser(user.accessKey, user.secretKey, 'readonly')
    const s3 = h.s3(user)
    expect(await text(s3, 'reports/q1.csv')).toContain('q1')
    await h.admin().setUserStatus(user.accessKey, 'disabled')
    expect(await codeOf(text(s3, 'reports/q1.csv'))).toBe('XSiloUserDisabled')
    expect(await h.admin().listUsers()).toContainEqual({
      accessKey: 'temp-user',
      status: 'disabled',
      policy: 'readonly',
    })
    await h.admin().setUserStatus(user.accessKey, 'enabled')
    expect(await text(s3, 'reports/q1.csv')).toContain('q1')
  })

  it('lists users without secrets, switches policies at once, removes users', async () => {
    const user = { accessKey: 'switcher', secretKey: 'switcher-secret' }
    await h.admin().addUser(user.accessKey, user.secretKey, 'readonly')
    const s3 = h.s3(user)
    expect(await codeOf(put(s3, 'reports/by-switcher.csv'))).toBe('AccessDenied')
    await h.admin().setUserPolicy(user.accessKey, 'readwrite')
    await put(s3, 'reports/by-switcher.csv')
    const users = await h.admin().listUsers()
    expect(JSON.stringify(users)).not.toContain('secret')
    expect(users.find((u) => u.accessKey === 'switcher')).toEqual({
      accessKey: 'switcher',
      status: 'enabled',
      policy: 'readwrite',
    })
    await h.admin().removeUser(user.accessKey)
    expect(await codeOf(text(s3, 'reports/q1.csv'))).toBe('InvalidAccessKeyId')
    expect(await codeOf(h.admin().removeUser(user.accessKey))).toBe('XSiloAdminNoSuchUser')
  })

  it('refuses unknown policies, the root as a user, and removing a policy in use', async () => {
    expect(await codeOf(h.admin().addUser('someone', 'someone-secret', 'no-such-policy'))).toBe(
      'XSiloAdminNoSuchPolicy',
    )
    expect(await codeOf(h.admin().addUser(ROOT.accessKey, 'whatever-secret', 'readonly'))).toBe(
      'InvalidRequest',
    )
    expect(await codeOf(h.admin().addUser('ab', 'someone-secret', 'readonly'))).toBe(
      'XSiloAdminInvalidAccessKey',
    )
    expect(await codeOf(h.admin().removeCannedPolicy('reports-rw'))).toBe('XSiloAdminPolicyInUse')
    expect(await codeOf(h.admin().removeCannedPolicy('readonly'))).toBe('XSiloAdminNoSuchPolicy')
  })

  it('a bad policy document is MalformedPolicy with a message pointing at the statement', async () => {
    const bad = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 's3:GetObjects', Resource: '*' }],
    }
    const err = (await h
      .admin()
      .addCannedPolicy('typo', bad)
      .catch((e: unknown) => e)) as Error & { code: string }
    expect(err).toMatchObject({ code: 'MalformedPolicy' })
    expect(err.message).toContain('Statement[0].Action')
    expect(err.message).toContain('s3:GetObject')
    const names = (await h.admin().listCannedPolicies()).map((p) => p.name)
    expect(names).toEqual(['readonly', 'readwrite', 'reports-rw', 'writeonly'])
  })

  it('only the root may call the admin API', async () => {
    const reader = { accessKey: 'reader', secretKey: 'reader-secret-1' }
    expect(await codeOf(h.admin(reader).listUsers())).toBe('AccessDenied')
    expect(
      await codeOf(h.admin({ accessKey: ROOT.accessKey, secretKey: 'wrong-secret-key' }).listUsers()),
    ).toBe('SignatureDoesNotMatch')
  })
})
