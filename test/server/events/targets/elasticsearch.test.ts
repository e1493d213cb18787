import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { elasticsearchTarget } from '../../../../src/server/events/targets/elasticsearch.js'
import { expectedMessage } from '../support/expected-message.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent, makeEventSequence } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { findClosedPort, uniqueName } from './helpers/service.js'
import { type EsStandin, startEsStandin } from './standins/elasticsearch-node.js'

const P = 'notify.elasticsearch["1"]'
const ok = { enable: true, format: 'namespace', url: 'http://127.0.0.1:9200' }

describe('elasticsearch parse', () => {
  it.each<BadConfigRow>([
    ['no index', ok, `${P}.index: is required`],
    ['an upper-case index', { ...ok, index: 'Events' }, `${P}.index: must be lower case`],
    [
      'an index with a slash',
      { ...ok, index: 'a/b' },
      `${P}.index: must not contain \\ / * ? " < > | space , # :`,
    ],
    [
      'an index starting with _',
      { ...ok, index: '_x' },
      `${P}.index: must not start with -, _ or + nor be . or ..`,
    ],
    ['no url', { enable: true, format: 'access', index: 'i' }, `${P}.url: is required`],
    [
      'a bare host url',
      { ...ok, url: 'localhost:9200', index: 'i' },
      `${P}.url: must be an http:// or https:// URL`,
    ],
    [
      'a mixed-case format',
      { ...ok, format: 'Namespace', index: 'i' },
      `${P}.format: must be 'namespace' or 'access'`,
    ],
  ])('rejects %s', (_, raw, message) => expectConfigError(elasticsearchTarget, raw, message))
})

describe('elasticsearch target against a 7.x stand-in', () => {
  let node: EsStandin
  beforeAll(async () => {
    node = await startEsStandin()
  })
  afterAll(() => node.close())

  const create = (format: string, index: string, url = node.url) =>
    elasticsearchTarget.create('1', '', elasticsearchTarget.parse({ enable: true, format, url, index }))
  const unreachable = async () => create('namespace', 'x', `http://127.0.0.1:${await findClosedPort()}`)

  describe('namespace', () => {
    runTargetContract({
      style: 'namespace',
      async setup() {
        const index = uniqueName('ns').toLowerCase()
        return {
          target: create('namespace', index),
          read: async () => Object.fromEntries(node.indices.get(index) ?? []),
          checkPrepared: async () => expect(node.indices.has(index)).toBe(true),
          cleanup: async () => void node.indices.delete(index),
        }
      },
      createUnreachable: unreachable,
    })
  })

  describe('access', () => {
    runTargetContract({
      style: 'access',
      accessEntry: (e) => ({ '@timestamp': e.eventTime, ...expectedMessage('elasticsearch', e) }),
      async setup() {
        const index = uniqueName('acc').toLowerCase()
        return {
          target: create('access', index),
          read: async () => [...(node.indices.get(index)?.values() ?? [])],
          cleanup: async () => void node.indices.delete(index),
        }
      },
      createUnreachable: unreachable,
    })
  })

  it('stores an access event once when it is sent again (a retry after a lost answer)', async () => {
    const index = uniqueName('retry').toLowerCase()
    const target = create('access', index)
    const event = makeEvent('s3:ObjectCreated:Put', 'b', 'k', '2024-05-01T10:00:00.000Z')
    try {
      await target.send(event)
      await target.send(event)
      expect(node.indices.get(index)?.size).toBe(1)
    } finally {
      await target.close()
    }
  })

  it('uses the index as it is when it exists, and sends URL credentials as Basic auth', async () => {
    const index = uniqueName('exists').toLowerCase()
    node.indices.set(index, new Map([['keep', { kept: true }]]))
    const target = create('namespace', index, node.url.replace('http://', 'http://elastic:pa%3Ass@'))
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'x/y z', '2024-05-01T10:00:00.000Z'))
      expect([...node.indices.get(index)!.keys()]).toEqual(['keep', 'b/x/y z'])
      expect(node.requests).toContain(`PUT /${index}/_doc/b%2Fx%2Fy%20z`)
      expect(node.lastAuthorization).toBe(`Basic ${Buffer.from('elastic:pa:ss').toString('base64')}`)
    } finally {
      await target.close()
    }
  })
})

describe('elasticsearch target without format (an older setup with a 2.4 server)', () => {
  it('accepts the configuration and keeps one document per object, as those setups did', async () => {
    const node = await startEsStandin('2.4.6')
    const older = { enable: true, url: node.url, index: 'events' }
    const target = elasticsearchTarget.create('1', '', elasticsearchTarget.parse(older))
    const events = makeEventSequence('b') // put, overwrite, get of 'photos/a b.jpg', copy 'other.txt', delete the first
    try {
      for (const event of events) await target.send(event)
      expect(Object.fromEntries(node.indices.get('events')!)).toEqual({
        'b/other.txt': expectedMessage('elasticsearch', events[3]!),
      })
      expect(node.requests.slice(0, 4)).toEqual([
        'GET /',
        'HEAD /events',
        'PUT /events',
        'PUT /events/event/b%2Fphotos%2Fa%20b.jpg',
      ])
      expect(node.requests.at(-1)).toBe('DELETE /events/event/b%2Fphotos%2Fa%20b.jpg')
    } finally {
      await target.close()
      await node.close()
    }
  })

  it('still requires a 5.x server when format is set', async () => {
    const node = await startEsStandin('2.4.6')
    const params = { enable: true, format: 'namespace', url: node.url, index: 'events' }
    const target = elasticsearchTarget.create('1', '', elasticsearchTarget.parse(params))
    try {
      await expect(target.open()).rejects.toThrow('not an Elasticsearch 5 or newer server (version "2.4.6")')
    } finally {
      await target.close()
      await node.close()
    }
  })
})

describe('elasticsearch target against a 5.x stand-in', () => {
  it('writes documents under the type "event", as servers before 7.0 require', async () => {
    const node = await startEsStandin('5.6.16')
    const target = elasticsearchTarget.create(
      '1',
      '',
      elasticsearchTarget.parse({ enable: true, format: 'namespace', url: node.url, index: 'events' }),
    )
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'k', '2024-05-01T10:00:00.000Z'))
      await target.send(makeEvent('s3:ObjectRemoved:Delete', 'b', 'k', '2024-05-01T10:00:01.000Z'))
      expect(node.requests).toEqual([
        'GET /',
        'HEAD /events',
        'PUT /events',
        'PUT /events/event/b%2Fk',
        'DELETE /events/event/b%2Fk',
      ])
      expect(node.indices.get('events')?.size).toBe(0)
    } finally {
      await target.close()
      await node.close()
    }
  })
})
