import { Agent, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isS3ServerError } from '../../../../src/server/errors.js'
import { remoteDriveLocation } from '../../../../src/server/storage/remote/remote-drive-location.js'
import { BATCH_PATH } from '../../../../src/server/storage/remote/storage-rpc-protocol.js'
import {
  postRaw,
  type RpcServerUnderTest,
  signedHeaders,
  TEST_SECRET,
  useServedTempDrives,
} from './rpc-server.js'

const stops: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

const serveDrives = useServedTempDrives()

/** Runs `calls` in one turn (as the erasure set does) and settles each, counting the server's requests. */
async function inOneTurn(server: RpcServerUnderTest, calls: Array<Promise<unknown>>) {
  const outcomes = await Promise.allSettled(calls)
  return { outcomes, requests: server.requests.splice(0) }
}

function reasonOf(outcome: PromiseSettledResult<unknown>): Error {
  expect(outcome.status).toBe('rejected')
  return (outcome as PromiseRejectedResult).reason as Error
}

describe('storage RPC batches', () => {
  it("sends the calls of one turn on a server's drives as one request, each with its own answer", async () => {
    const { server, drives } = await serveDrives(4)
    const created = await inOneTurn(
      server,
      drives.map((drive) => drive.createBucket('b', '')),
    )
    expect(created.requests).toEqual([BATCH_PATH])
    const read = await inOneTurn(
      server,
      drives.map((drive) => drive.getBucket('b')),
    )
    expect(read.requests).toEqual([BATCH_PATH])
    for (const outcome of read.outcomes) expect(outcome).toMatchObject({ value: { name: 'b' } })
    // Alone, a call is the plain request.
    await drives[0]!.listBuckets()
    expect(server.requests).toEqual(['/silo/storage/v1/listBuckets'])
  })

  it('answers each call of a batch as it would have been alone: result, S3 error, drive failure, 400', async () => {
    const failing = {
      readObject: vi.fn().mockRejectedValue(new Error('EIO: i/o error, read')),
      close: vi.fn().mockResolvedValue(undefined),
    }
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const { server, drives } = await serveDrives(2, { logger, failing })
    await drives[0]!.createBucket('b', '')
    const broken = await server.connect('/failing').open()
    server.requests.length = 0
    const unserved = server.connect('/not/served')
    const { outcomes, requests } = await inOneTurn(server, [
      drives[0]!.getBucket('b'),
      drives[1]!.readObject('b', 'k'),
      drives[0]!.readObject('b', 'missing'),
      broken.readObject('b', 'k'),
      unserved.createFolder(),
    ])
    expect(requests).toEqual([BATCH_PATH])
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { name: 'b' } })
    expect(reasonOf(outcomes[1]!)).toMatchObject({ code: 'NoSuchBucket' })
    expect(reasonOf(outcomes[2]!)).toMatchObject({ code: 'NoSuchKey', status: 404 })
    for (const [i, pattern] of [
      [3, `${server.url} readObject on /failing: the drive failed: EIO: i/o error, read`],
      [4, `${server.url} createFolder on /not/served: answered 400: this server has no drive "/not/served"`],
    ] as const) {
      const error = reasonOf(outcomes[i]!)
      expect(isS3ServerError(error)).toBe(false)
      expect(error.message).toBe(pattern)
    }
    expect(logger.error).toHaveBeenCalledTimes(1)
    expect(logger.error.mock.calls[0]![0]).toMatch('readObject on /failing')
  })

  it('refuses a batch signed with another secret with 403, failing every call and running none', async () => {
    const { server, paths, drives } = await serveDrives(2)
    const forged = paths.map((path) =>
      remoteDriveLocation({ url: server.url, path, secretKey: 'not the secret' }),
    )
    const { outcomes, requests } = await inOneTurn(
      server,
      forged.map((location) => location.writeFormat({ id: 'forged' } as never)),
    )
    expect(requests).toEqual([BATCH_PATH])
    for (const [i, outcome] of outcomes.entries()) {
      const error = reasonOf(outcome)
      expect(isS3ServerError(error)).toBe(false)
      expect(error.message).toBe(
        `${server.url} writeFormat on ${paths[i]}: answered 403: the signature does not match`,
      )
    }
    expect(await drives[0]!.listBuckets()).toEqual([])
    expect(await server.connect(paths[0]!).readFormat()).toEqual({ kind: 'missing' })
  })

  it('refuses a batch whose calls are not the ones signed, before reading its body', async () => {
    const { server, paths } = await serveDrives(1)
    const calls = `createBucket=${encodeURIComponent(paths[0]!)}`
    const headers = signedHeaders('batch', '', { calls })
    const swapped = { ...headers, 'x-silo-calls': `deleteBucket=${encodeURIComponent(paths[0]!)}` }
    const answer = await postRaw(server.url, 'batch', swapped, 'held')
    expect(answer).toMatchObject({
      status: 403,
      body: { error: { message: 'the signature does not match' } },
    })
  })

  it.each([
    ['x-silo-calls is malformed', 'getBucket', '[["b"]]', /not <call>=<URI-encoded drive>/],
    [
      'the body has fewer argument arrays than calls',
      'getBucket={d},getBucket={d}',
      '[["b"]]',
      /array of 2 arrays/,
    ],
    [
      'an argument list is not an array',
      'getBucket={d}',
      '[{"b":1}]',
      /arguments of call 1 is not a JSON array/,
    ],
  ])('answers a batch whose %s with 400', async (_, calls, body, message) => {
    const { server, paths } = await serveDrives(1)
    const named = calls.replaceAll('{d}', encodeURIComponent(paths[0]!))
    const answer = await postRaw(server.url, 'batch', signedHeaders('batch', '', { calls: named }), body)
    expect(answer.status).toBe(400)
    expect(answer.body.error?.message).toMatch(message)
  })
})

describe('storage RPC batch failures', () => {
  /** A server that reads each request, then `answer`s it; its URL, and the paths it received. */
  async function listen(answer: (res: import('node:http').ServerResponse) => void) {
    const requests: string[] = []
    const server = createServer((req, res) => {
      requests.push(req.url!)
      req.resume().on('end', () => answer(res))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    stops.push(() => new Promise((resolve) => server.close(resolve)))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
  }

  /** Three drives of `url` reached through one fresh agent (no pooled connection to retry on). */
  function threeDrives(url: string) {
    const agent = new Agent({ keepAlive: true })
    return ['/d1', '/d2', '/d3'].map((path) =>
      remoteDriveLocation({ url, path, secretKey: TEST_SECRET, agent }),
    )
  }

  it.each([
    [
      'dropped before the answer',
      (res: import('node:http').ServerResponse) => res.socket!.destroy(),
      'unreachable',
      /socket hang up/,
    ],
    [
      'broken off midway through the answer',
      (res: import('node:http').ServerResponse) => {
        res.writeHead(200, { 'content-length': 1000 })
        res.write('[{"result":')
        setTimeout(() => res.socket!.destroy(), 20)
      },
      'answer broke off',
      /aborted/,
    ],
  ])(
    'fails every call of a batch whose connection is %s, each naming its call and drive',
    async (_, answer, kind, reason) => {
      const { url, requests } = await listen(answer)
      const locations = threeDrives(url)
      const outcomes = await Promise.allSettled(locations.map((location) => location.createFolder()))
      expect(requests).toEqual([BATCH_PATH])
      for (const [i, outcome] of outcomes.entries()) {
        const error = reasonOf(outcome)
        expect(isS3ServerError(error)).toBe(false)
        expect(error.message).toMatch(`createFolder on /d${i + 1}`)
        expect(error.message).toMatch(url)
        expect(error.message).toMatch(kind)
        expect(error.message).toMatch(reason)
      }
      // The health calls of a batch never fail: each drive shows the same reason.
      const reasons = await Promise.all(locations.map((location) => location.probe()))
      expect(reasons.map((r, i) => r?.includes(`probe on /d${i + 1}`))).toEqual([true, true, true])
    },
  )
})
