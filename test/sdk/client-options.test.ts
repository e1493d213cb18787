import { describe, expect, it } from 'vitest'
import { Client, type ClientOptions, InvalidArgumentError, InvalidEndpointError } from '../../src/index.js'

describe('new Client(options)', () => {
  it.each<
    [string, ClientOptions, Partial<Record<'host' | 'port' | 'protocol' | 'region' | 'partSize', unknown>>]
  >([
    ['https on 443 by default', { endPoint: 'play.example.com' }, { port: 443, protocol: 'https:' }],
    [
      'http on 80 when useSSL is false',
      { endPoint: 'localhost', useSSL: false },
      { port: 80, protocol: 'http:' },
    ],
    ['port 0 means the default', { endPoint: 'localhost', port: 0, useSSL: false }, { port: 80 }],
    ['explicit port', { endPoint: 'localhost', port: 9000 }, { port: 9000 }],
    ['numeric string port', { endPoint: 'localhost', port: '9000' as unknown as number }, { port: 9000 }],
    ['endPoint lower-cased', { endPoint: 'S3.Example.COM' }, { host: 's3.example.com' }],
    ['IPv4 endpoint', { endPoint: '127.0.0.1' }, { host: '127.0.0.1' }],
    ['IPv6 endpoint', { endPoint: '::1' }, { host: '::1' }],
    ['bracketed IPv6 endpoint', { endPoint: '[::1]' }, { host: '::1' }],
    ['region kept', { endPoint: 'localhost', region: 'eu-west-1' }, { region: 'eu-west-1' }],
    ['empty region means none', { endPoint: 'localhost', region: '' }, { region: undefined }],
    ['partSize default 64 MiB', { endPoint: 'localhost' }, { partSize: 64 * 1024 * 1024 }],
    ['partSize kept', { endPoint: 'localhost', partSize: 5 * 1024 * 1024 }, { partSize: 5 * 1024 * 1024 }],
  ])('%s', (_, options, expected) => {
    const client = new Client(options)
    for (const [field, value] of Object.entries(expected))
      expect(client[field as keyof typeof expected]).toBe(value)
  })

  it.each<[string, unknown, string]>([
    ['scheme', { endPoint: 'http://localhost' }, 'remove the scheme "http://"'],
    ['port in endPoint', { endPoint: 'localhost:9000' }, 'use the port option'],
    ['path', { endPoint: 'example.com/s3' }, 'without a path'],
    ['empty', { endPoint: '' }, '1 to 255 characters'],
    ['not a string', { endPoint: 42 }, 'must be a string'],
    ['missing', {}, 'must be a string'],
    ['leading dash', { endPoint: '-example.com' }, 'must not start with'],
    ['forbidden character', { endPoint: 'exa mple.com' }, 'only letters, digits'],
  ])('rejects endPoint: %s', (_, options, reason) => {
    expect(() => new Client(options as ClientOptions)).toThrow(InvalidEndpointError)
    expect(() => new Client(options as ClientOptions)).toThrow(reason)
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['port out of range', { port: 70000 }, 'Invalid port'],
    ['negative port', { port: -1 }, 'Invalid port'],
    ['fractional port', { port: 80.5 }, 'Invalid port'],
    ['port of wrong type', { port: true }, 'Invalid port'],
    ['useSSL not boolean', { useSSL: 'yes' }, 'Invalid useSSL: must be a boolean'],
    ['accessKey not string', { accessKey: 1 }, 'Invalid accessKey: must be a string'],
    ['secretKey not string', { secretKey: {} }, 'Invalid secretKey: must be a string'],
    ['sessionToken not string', { sessionToken: 5 }, 'Invalid sessionToken'],
    ['region not string', { region: 5 }, 'Invalid region: must be a string'],
    ['transport not object', { transport: 'https' }, 'Invalid transport: must be an object'],
    ['transport without request()', { transport: {} }, 'request(options, callback)'],
    ['transportAgent not object', { transportAgent: 1 }, 'Invalid transportAgent'],
    ['partSize too small', { partSize: 1024 }, 'Invalid partSize'],
    ['partSize too large', { partSize: 6 * 1024 ** 3 }, 'Invalid partSize'],
    ['pathStyle not boolean', { pathStyle: 1 }, 'Invalid pathStyle'],
    ['legacy secure option', { secure: true }, 'use "useSSL"'],
  ])('rejects %s with InvalidArgumentError', (_, extra, reason) => {
    const make = () => new Client({ endPoint: 'localhost', ...extra } as ClientOptions)
    expect(make).toThrow(InvalidArgumentError)
    expect(make).toThrow(reason)
  })

  it('rejects options that are not an object', () => {
    expect(() => new Client(undefined as unknown as ClientOptions)).toThrow(InvalidArgumentError)
  })

  it('is anonymous when either key is empty', () => {
    expect(new Client({ endPoint: 'localhost' }).anonymous).toBe(true)
    expect(new Client({ endPoint: 'localhost', accessKey: 'AK' }).anonymous).toBe(true)
    expect(new Client({ endPoint: 'localhost', accessKey: 'AK', secretKey: 'SK' }).anonymous).toBe(false)
  })
})
