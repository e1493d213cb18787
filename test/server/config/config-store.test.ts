import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigStore } from '../../../src/server/config/config-store.js'
import { openSingleDrive } from '../../../src/server/storage/single-drive.js'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const WEBHOOK = { enable: true, endpoint: 'http://127.0.0.1:3000/' }

/** A store over a fresh data folder, with a home folder that may hold `.silo/config.json`. */
async function setup(homeFile?: unknown) {
  const root = await mkdtemp(join(tmpdir(), 'silo-config-store-'))
  cleanups.push(() => rm(root, { recursive: true, force: true }))
  const storage = await openSingleDrive(join(root, 'data'))
  cleanups.push(() => storage.close())
  const home = join(root, 'home')
  await mkdir(join(home, '.silo'), { recursive: true })
  const homeConfigPath = join(home, '.silo', 'config.json')
  if (homeFile !== undefined) {
    await writeFile(homeConfigPath, typeof homeFile === 'string' ? homeFile : JSON.stringify(homeFile))
  }
  const log: string[] = []
  const store = new ConfigStore(storage, 'us-east-1', { homeConfigPath, log: (m) => log.push(m) })
  return { store, log, home, homeConfigPath, storage }
}

describe('ConfigStore: where the configuration comes from', () => {
  it("reads an older setup's home file when the data folder holds none, ignoring keys it does not use", async () => {
    const { store, log, homeConfigPath } = await setup({
      version: '20',
      credential: { accessKey: 'a', secretKey: 'b' },
      browser: 'on',
      region: 'eu-west-1',
      notify: { webhook: { '1': WEBHOOK } },
    })
    expect(await store.load()).toEqual({
      version: '1',
      region: 'eu-west-1',
      notify: { webhook: { '1': WEBHOOK } },
    })
    expect(log).toEqual([]) // config get says nothing
    await store.loadAtStart()
    expect(log).toEqual([
      `server configuration read from ${homeConfigPath} (the data folder holds none)`,
      `${homeConfigPath}: ignoring credential, browser (this server reads version, region, notify and storageclass)`,
    ])
  })

  it("keeps the data folder's configuration over the home file, and says so at start", async () => {
    const { store, log, homeConfigPath } = await setup({ notify: { webhook: { '1': WEBHOOK } } })
    await store.save(JSON.stringify({ version: '1', region: '', notify: {} }))
    expect((await store.loadAtStart()).notify).toEqual({})
    expect(log).toEqual([
      `${homeConfigPath} is not used: the data folder holds the server configuration, which wins`,
    ])
  })

  it('is not copied: an edit of the home file is read at the next start', async () => {
    const { store, homeConfigPath, storage } = await setup({ notify: {} })
    await store.loadAtStart()
    await writeFile(homeConfigPath, JSON.stringify({ notify: { webhook: { '2': WEBHOOK } } }))
    expect((await store.loadAtStart()).notify).toEqual({ webhook: { '2': WEBHOOK } })
    expect(await storage.getSystemDocument('config/config.json')).toBeUndefined()
  })

  it('gives the template when neither exists', async () => {
    const { store } = await setup()
    const config = await store.load()
    expect(config.region).toBe('us-east-1')
    expect(config.notify.webhook).toEqual({ '1': { enable: false, endpoint: '' } })
  })

  it.each([
    ['not JSON', '{ nope'],
    ['not an object', '[1]'],
    ['a bad region', '{"region": "Not A Region"}'],
    ['notify not an object', '{"notify": []}'],
  ])('refuses a home file that is %s, naming the file', async (_, text) => {
    const { store, homeConfigPath } = await setup(text)
    await expect(store.loadAtStart()).rejects.toThrow(homeConfigPath)
  })

  it('finds the file under $HOME by default', async () => {
    const { storage, home } = await setup({ notify: { webhook: { '7': WEBHOOK } } })
    const saved = process.env.HOME
    process.env.HOME = home
    try {
      const store = new ConfigStore(storage, 'us-east-1')
      expect((await store.load()).notify).toEqual({ webhook: { '7': WEBHOOK } })
    } finally {
      process.env.HOME = saved
    }
  })
})
