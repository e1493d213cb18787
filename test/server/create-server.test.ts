import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as serverEntry from '../../src/server/index.js'
import { createServer } from '../../src/server/index.js'
import { parseAddress, resolveOptions } from '../../src/server/options.js'
import { s3 } from './helpers/signed-request.js'

describe('silo-server entry', () => {
  // checkDriveList is public so `silo server DIR...` checks its drive list through this entry
  // (the CLI may import the server only here: docs/architecture.md, Layers).
  it('exports exactly checkDriveList, createServer and readCertsDir at runtime', () => {
    expect(Object.keys(serverEntry).sort()).toEqual(['checkDriveList', 'createServer', 'readCertsDir'])
  })
})

describe('options', () => {
  it('takes the root credential from options, then the environment, then the default', () => {
    const env = { SILO_ROOT_USER: 'envuser', SILO_ROOT_PASSWORD: 'envpassword' }
    expect(resolveOptions({ dir: 'd', rootUser: 'optuser', rootPassword: 'optpassword' }, env)).toMatchObject(
      {
        accessKey: 'optuser',
        secretKey: 'optpassword',
        usingDefaultCredential: false,
      },
    )
    expect(resolveOptions({ dir: 'd' }, env)).toMatchObject({
      accessKey: 'envuser',
      secretKey: 'envpassword',
    })
    expect(resolveOptions({ dir: 'd' }, {})).toMatchObject({
      accessKey: 'siloadmin',
      secretKey: 'siloadmin',
      usingDefaultCredential: true,
      // No region configured: any is accepted, us-east-1 reported (server-region.ts).
      region: '',
      host: '',
      port: 9000,
    })
  })

  it('rejects short credentials and bad addresses with a message naming the option', () => {
    expect(() => resolveOptions({ dir: 'd', rootUser: 'ab' }, {})).toThrow(/root user/)
    expect(() => resolveOptions({ dir: 'd', rootPassword: 'short' }, {})).toThrow(/root password/)
    expect(() => resolveOptions({ dir: 'd', region: 'EU West' }, {})).toThrow(/region 'EU West'/)
    expect(resolveOptions({ dir: 'd', region: 'eu-west-1' }, {}).region).toBe('eu-west-1')
    expect(() => parseAddress('9000')).toThrow(/host:port/)
    expect(() => parseAddress(':99999')).toThrow(/invalid port/)
    expect(parseAddress('[::1]:0')).toEqual({ host: '::1', port: 0 })
  })

  it('cuts more than 16 drives into erasure sets: the largest that divides them, or the one asked', () => {
    const drives = (n: number) => Array.from({ length: n }, (_, i) => `/d${i + 1}`)
    expect(resolveOptions({ dir: drives(8) }, {}).setDriveCount).toBe(8)
    expect(resolveOptions({ dir: drives(32) }, {}).setDriveCount).toBe(16)
    expect(resolveOptions({ dir: drives(32) }, { SILO_ERASURE_SET_DRIVE_COUNT: '8' }).setDriveCount).toBe(8)
    expect(resolveOptions({ dir: drives(32), setDriveCount: 4 }, {}).setDriveCount).toBe(4)
    expect(() => resolveOptions({ dir: drives(32), setDriveCount: 12 }, {})).toThrow(/cannot form sets of 12/)
    expect(() => resolveOptions({ dir: drives(34) }, {})).toThrow(/34 drives cannot form erasure sets/)
    expect(() => resolveOptions({ dir: drives(2) }, {})).toThrow(/at least 4 drives/)
  })
})

describe('createServer', () => {
  it('prints the banner (with a warning for the default credential), serves, and stops', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-create-server-'))
    const lines: string[] = []
    const logger = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: () => {} }
    const saved = { user: process.env.SILO_ROOT_USER, password: process.env.SILO_ROOT_PASSWORD }
    delete process.env.SILO_ROOT_USER
    delete process.env.SILO_ROOT_PASSWORD
    const server = createServer({ dir, address: '127.0.0.1:0', logger })
    Object.assign(process.env, saved.user ? { SILO_ROOT_USER: saved.user } : {})
    Object.assign(process.env, saved.password ? { SILO_ROOT_PASSWORD: saved.password } : {})
    try {
      const started = await server.start()
      expect(started.url).toBe(`http://127.0.0.1:${started.port}`)
      expect(started.port).toBeGreaterThan(0)
      const banner = lines.join('\n')
      expect(banner).toContain(`Endpoint:  http://127.0.0.1:${started.port}`)
      expect(banner).toContain('AccessKey: siloadmin')
      expect(banner).toContain('SecretKey: siloadmin')
      expect(banner).toContain('Region:    us-east-1')
      expect(banner).toMatch(/WARNING: the default root credential/)
      await expect(server.start()).rejects.toThrow(/already started/)

      const creds = { accessKey: 'siloadmin', secretKey: 'siloadmin' }
      expect((await s3(started.url, 'GET', '/', creds)).status).toBe(200)
      await server.stop()
      await expect(s3(started.url, 'GET', '/', creds)).rejects.toThrow(/ECONNREFUSED/)
    } finally {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
