import { describe, expect, it } from 'vitest'
import { isInNetwork, parseCidr, parseIpAddress } from '../../../src/shared/policy/ip-address.js'

describe('parseIpAddress', () => {
  it.each<[string, number[] | undefined]>([
    ['10.1.2.3', [10, 1, 2, 3]],
    ['::ffff:10.1.2.3', [10, 1, 2, 3]],
    ['::1', [...new Array(15).fill(0), 1]],
    ['2001:db8::', [0x20, 0x01, 0x0d, 0xb8, ...new Array(12).fill(0)]],
    ['fe80::1%eth0', [0xfe, 0x80, ...new Array(13).fill(0), 1]],
    ['1:2:3:4:5:6:7:8', [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]],
    ['256.0.0.1', undefined],
    ['01.2.3.4', undefined],
    ['1.2.3', undefined],
    ['1::2::3', undefined],
    ['1:2:3:4:5:6:7:8:9', undefined],
    ['1:2:3:4:5:6:7::8', undefined],
    ['12345::', undefined],
    ['', undefined],
  ])('%j', (text, bytes) => {
    const parsed = parseIpAddress(text)
    expect(parsed === undefined ? undefined : [...parsed]).toEqual(bytes)
  })
})

describe('CIDR matching', () => {
  it.each<[string, string, boolean]>([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.168.1.0/25', '192.168.1.127', true],
    ['192.168.1.0/25', '192.168.1.128', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['192.168.1.7', '192.168.1.8', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['0.0.0.0/0', '::1', false],
    ['10.0.0.0/8', '::ffff:10.0.0.9', true],
    ['2001:db8::/32', '2001:db8:1234::5', true],
    ['2001:db8::/32', '2001:db9::5', false],
    ['2001:db8::/33', '2001:db8:8000::', false],
    ['::/0', '2001:db8::1', true],
    ['::1/128', '::1', true],
    // An IPv4-mapped block is its IPv4 block: the prefix counts the 96 mapping bits too.
    ['::ffff:10.0.0.0/104', '10.1.2.3', true],
    ['::ffff:10.0.0.0/104', '::ffff:10.1.2.3', true],
    ['::ffff:10.0.0.0/104', '11.0.0.1', false],
    ['::ffff:127.0.0.1/128', '127.0.0.1', true],
  ])('%s contains %s: %s', (cidr, address, expected) => {
    expect(isInNetwork(parseIpAddress(address)!, parseCidr(cidr)!)).toBe(expected)
  })

  it.each(['10.0.0.0/33', '10.0.0.0/', '10.0.0.0/8a', '::/129', 'banana/8', '::ffff:10.0.0.0/95'])(
    'rejects %j',
    (cidr) => {
      expect(parseCidr(cidr)).toBeUndefined()
    },
  )
})
