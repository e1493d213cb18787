import { describe, expect, it } from 'vitest'
import { parseTopology } from '../../../src/server/cluster/topology.js'
import { resolveOptions } from '../../../src/server/options.js'

const endpoints = [9001, 9002, 9003, 9004].flatMap((port, n) =>
  [1, 2, 3, 4].map((d) => `http://127.0.0.1:${port}/srv/n${n + 1}/d${d}`),
)

describe('parseTopology', () => {
  it("finds this server's drives by its port and orders every drive a server at a time", () => {
    const topology = parseTopology(endpoints, { host: '127.0.0.1', port: 9003 })
    expect(topology.self).toBe('http://127.0.0.1:9003')
    expect(topology.servers).toEqual([9001, 9002, 9003, 9004].map((p) => `http://127.0.0.1:${p}`))
    expect(topology.drives.filter((d) => d.local).map((d) => d.path)).toEqual(
      [1, 2, 3, 4].map((d) => `/srv/n3/d${d}`),
    )
    // Round robin: the first four drives are each server's first.
    expect(topology.drives.slice(0, 4).map((d) => d.endpoint)).toEqual([
      'http://127.0.0.1:9001/srv/n1/d1',
      'http://127.0.0.1:9002/srv/n2/d1',
      'http://127.0.0.1:9003/srv/n3/d1',
      'http://127.0.0.1:9004/srv/n4/d1',
    ])
    expect(topology.setDriveCount).toBe(16)
  })

  it('takes every interface for an unbound host (loopback names this machine)', () => {
    expect(parseTopology(endpoints, { host: '', port: 9002 }).self).toBe('http://127.0.0.1:9002')
  })

  it.each([
    [[...endpoints, endpoints[0]!], { host: '127.0.0.1', port: 9001 }, /given twice/],
    [endpoints, { host: '127.0.0.1', port: 9999 }, /none of the endpoints is this server's/],
    [endpoints.slice(0, 15), { host: '127.0.0.1', port: 9001 }, /same number of drives/],
    [['ftp://127.0.0.1:9001/d1'], { host: '127.0.0.1', port: 9001 }, /http:\/\/ or https:\/\//],
    [['http://127.0.0.1:9001/'], { host: '127.0.0.1', port: 9001 }, /names no drive folder/],
    [['not a url'], { host: '127.0.0.1', port: 9001 }, /not a drive endpoint/],
  ])('refuses a bad list, naming the problem (%#)', (list, listen, message) => {
    expect(() => parseTopology(list, listen)).toThrow(message)
  })
})

describe('createServer options for distributed mode', () => {
  const base = { address: '127.0.0.1:9001', rootUser: 'cluster', rootPassword: 'cluster-secret' }

  it('drive URLs with etcd make a cluster whose local folders are this server’s drives', () => {
    const opts = resolveOptions(
      { ...base, dir: endpoints, etcd: 'http://127.0.0.1:2379, http://127.0.0.1:22379' },
      {},
    )
    expect(opts.cluster?.etcd).toEqual(['http://127.0.0.1:2379', 'http://127.0.0.1:22379'])
    expect(opts.dirs).toEqual([1, 2, 3, 4].map((d) => `/srv/n1/d${d}`))
  })

  it.each([
    [{ dir: endpoints }, /needs `etcd`/],
    [{ dir: '/data', etcd: 'http://127.0.0.1:2379' }, /`etcd` is for distributed mode/],
    [{ dir: [...endpoints.slice(0, 15), '/local'], etcd: 'http://127.0.0.1:2379' }, /every drive as a URL/],
    [{ dir: endpoints, etcd: 'http://127.0.0.1:2379', address: '127.0.0.1:0' }, /fixed port/],
  ])('refuses what cannot work, naming it (%#)', (options, message) => {
    expect(() => resolveOptions({ ...base, ...options }, {})).toThrow(message)
  })
})
