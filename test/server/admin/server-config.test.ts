import { describe, expect, it } from 'vitest'
import { parseServerConfig } from '../../../src/server/config/server-config.js'

const WEBHOOK = { enable: true, endpoint: 'http://127.0.0.1:9/hook' }

describe('the server configuration document', () => {
  it('accepts version, region and the seed notify shape; fills absent members', () => {
    const config = parseServerConfig(JSON.stringify({ version: '1', notify: { webhook: { '1': WEBHOOK } } }))
    expect(config).toEqual({ version: '1', region: '', notify: { webhook: { '1': WEBHOOK } } })
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype)
  })

  it('disabled instances are kept without checking their other fields (as MinIO)', () => {
    const text = JSON.stringify({
      version: '1',
      region: 'eu-west-1',
      notify: { redis: { '1': { enable: false } } },
    })
    expect(parseServerConfig(text).notify.redis).toEqual({ '1': { enable: false } })
  })

  it.each([
    ['[]', 'the configuration must be a JSON object'],
    ['{"version":"1","version":"1"}', 'duplicate'],
    ['{"version":"1",', 'line 1'],
    ['{"version":"1","worm":"on"}', 'worm: unknown top-level key'],
    ['{"region":"x"}', 'version: must be "1", got undefined'],
    ['{"version":33}', 'version: must be "1", got 33'],
    ['{"version":"1","region":"EU West"}', 'region: must be'],
    ['{"version":"1","notify":[]}', 'notify: must be an object'],
    ['{"version":"1","notify":{"pigeon":{}}}', 'notify.pigeon'],
    ['{"version":"1","notify":{"webhook":{"1":{"enable":true}}}}', 'notify.webhook["1"]'],
    ['{"version":"1","storageclass":"EC:2"}', 'storageclass: must be an object'],
    ['{"version":"1","storageclass":{"standard":"EC-2"}}', 'storageclass.standard: must be "EC:<parity>"'],
    ['{"version":"1","storageclass":{"rrs":2}}', 'storageclass.rrs: must be "EC:<parity>"'],
    ['{"version":"1","storageclass":{"glacier":"EC:1"}}', 'storageclass.glacier: unknown key'],
  ])('%s is refused: %s', (text, message) => {
    expect(() => parseServerConfig(text)).toThrow(message)
  })

  it('keeps erasure storage classes in MinIO\'s EC:<parity> form, "" meaning the default', () => {
    const text = JSON.stringify({ version: '1', storageclass: { standard: 'EC:2' } })
    expect(parseServerConfig(text).storageclass).toEqual({ standard: 'EC:2', rrs: '' })
  })

  it('refuses a document over 256 KiB', () => {
    const text = JSON.stringify({ version: '1', region: '', notify: {}, pad: 'x'.repeat(300 * 1024) })
    expect(() => parseServerConfig(text)).toThrow('at most 262144 bytes')
  })
})
