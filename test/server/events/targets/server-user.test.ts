import { afterEach, describe, expect, it, vi } from 'vitest'

const os = vi.hoisted(() => ({ userInfo: vi.fn() }))
vi.mock('node:os', async (original) => ({ ...(await original<typeof import('node:os')>()), ...os }))

const { readServerUserName } = await import('../../../../src/server/events/targets/server-user.js')

describe('readServerUserName', () => {
  afterEach(() => vi.unstubAllEnvs())

  it("is the process's user even when $USER and $LOGNAME are unset", () => {
    os.userInfo.mockReturnValue({ username: 'silo-svc' })
    vi.stubEnv('USER', undefined)
    vi.stubEnv('LOGNAME', undefined)
    expect(readServerUserName()).toBe('silo-svc')
  })

  it('falls back to $USER, then $LOGNAME, when the uid has no passwd entry', () => {
    os.userInfo.mockImplementation(() => {
      throw new Error('ENOENT: no such file or directory, uv_os_get_passwd')
    })
    vi.stubEnv('USER', 'from-user')
    expect(readServerUserName()).toBe('from-user')
    vi.stubEnv('USER', '')
    vi.stubEnv('LOGNAME', 'from-logname')
    expect(readServerUserName()).toBe('from-logname')
    vi.stubEnv('LOGNAME', '')
    vi.stubEnv('USERNAME', '')
    expect(readServerUserName()).toBeUndefined()
  })
})
