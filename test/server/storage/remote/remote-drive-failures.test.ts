import { Agent, createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createServer as createTcpServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isS3ServerError, S3ServerError } from '../../../../src/server/errors.js'
import { remoteDriveLocation } from '../../../../src/server/storage/remote/remote-drive-location.js'
import type { DriveLocation, StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { createTempDriveFolders } from '../drive-contract/temp-drive.js'
import { startStorageRpcServer, TEST_SECRET } from './rpc-server.js'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
})

/** A server on a free port of 127.0.0.1 whose connections `onSocket` gets; its URL. */
async function listen(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A served location whose drive is `drive` (just the calls a test makes). */
function servedDrive(drive: Partial<StorageDrive>): DriveLocation {
  return { open: async () => drive as StorageDrive } as DriveLocation
}

/** Asserts `promise` rejects with a plain Error (a drive failure) whose message matches every pattern. */
async function expectDriveFailure(promise: Promise<unknown>, ...patterns: Array<string | RegExp>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  expect(isS3ServerError(error)).toBe(false)
  for (const pattern of patterns) expect((error as Error).message).toMatch(pattern)
}

describe('remote drive failures', () => {
  it('shows a server that is down as offline, and fails calls with a plain Error naming the server and call', async () => {
    const folders = await createTempDriveFolders('silo-remote-down-')
    const server = await startStorageRpcServer(folders.locations)
    const location = server.connect(folders.dir)
    const drive = await location.open()
    await server.close()
    expect(await location.probe()).toMatch(
      `${server.url} unreachable (probe on ${folders.dir}): connect ECONNREFUSED`,
    )
    expect(await location.formatStamp()).toBeUndefined()
    expect(await location.readFormat()).toEqual({
      kind: 'offline',
      reason: expect.stringMatching(/ECONNREFUSED/),
    })
    await expectDriveFailure(location.open(), server.url, 'open', 'ECONNREFUSED')
    await expectDriveFailure(drive.readObject('b', 'k'), server.url, 'readObject', 'ECONNREFUSED')
    async function* body() {
      yield Buffer.from('never sent')
    }
    await expectDriveFailure(
      drive.writeShard({ bucket: 'b', key: 'k' }, body()),
      'writeShard',
      'ECONNREFUSED',
    )
  })

  it('gives up on a server that never answers once the connection is idle for timeoutMs', async () => {
    const held: Socket[] = []
    const url = await listen(createTcpServer((socket) => held.push(socket)))
    const location = remoteDriveLocation({ url, path: '/d1', secretKey: TEST_SECRET, timeoutMs: 300 })
    const started = Date.now()
    await expectDriveFailure(location.createFolder(), `${url} createFolder on /d1`, 'idle for 300 ms')
    expect(await location.probe()).toMatch('idle for 300 ms')
    expect(Date.now() - started).toBeLessThan(3000)
    for (const socket of held) socket.destroy()
  })

  it('fails a call answered with something that is not JSON', async () => {
    const url = await listen(createHttpServer((_, res) => res.end('<html>a proxy</html>')))
    const location = remoteDriveLocation({ url, path: '/d1', secretKey: TEST_SECRET })
    await expectDriveFailure(location.createFolder(), `${url} createFolder on /d1`, 'not JSON')
    expect(await location.probe()).toMatch('not JSON')
  })

  it('sends a call once more when its pooled connection turns out closed, and only then', async () => {
    const served = new WeakSet<object>()
    let requests = 0
    let closeAll = false
    const url = await listen(
      createHttpServer((req, res) => {
        requests++
        // A connection's second request meets a server that closes it (its keep-alive ran out).
        if (closeAll || served.has(req.socket)) return req.socket.destroy()
        served.add(req.socket)
        res.end(JSON.stringify({ result: `answer ${requests}` }))
      }),
    )
    const location = remoteDriveLocation({ url, path: '/d1', secretKey: TEST_SECRET })
    expect(await location.probe()).toBe('answer 1')
    expect(await location.probe()).toBe('answer 3')
    closeAll = true
    requests = 0
    // A new connection per call: one closed on the call is the server failing, not a stale socket.
    const fresh = remoteDriveLocation({ url, path: '/d1', secretKey: TEST_SECRET, agent: new Agent() })
    await expectDriveFailure(
      fresh.createFolder(),
      `${url} unreachable (createFolder on /d1)`,
      'socket hang up',
    )
    expect(requests).toBe(1)
  })

  it("re-throws the drive's S3ServerError whole, and any other error as a plain Error (logged by the server)", async () => {
    const marker = new S3ServerError('MethodNotAllowed', 'a delete marker has no data', {
      Method: 'GET',
      ResourceType: 'DeleteMarker',
    })
    marker.headers['x-amz-delete-marker'] = 'true'
    marker.headers['x-amz-version-id'] = 'f'.repeat(32)
    const odd = new S3ServerError(
      'AuthorizationQueryParametersError',
      'X-Amz-Expires is out of range',
      {},
      403,
    )
    const drive = {
      readShard: vi.fn().mockRejectedValue(marker),
      getBucket: vi.fn().mockRejectedValue(odd),
      readObject: vi.fn().mockRejectedValue(new Error('EIO: i/o error, read')),
      close: vi.fn().mockResolvedValue(undefined),
    }
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const server = await startStorageRpcServer(new Map([['/d1', servedDrive(drive)]]), { logger })
    try {
      const remote = await server.connect('/d1').open()
      const error = await remote.readShard('b', 'k', { start: 0, end: 9 }, 'f'.repeat(32)).catch((e) => e)
      expect(isS3ServerError(error)).toBe(true)
      const { code, message, status, details, headers } = marker
      expect(error).toMatchObject({ code, message, status, details, headers })
      expect(drive.readShard).toHaveBeenCalledWith('b', 'k', { start: 0, end: 9 }, 'f'.repeat(32))
      await expect(remote.getBucket('b')).rejects.toMatchObject({ code: odd.code, status: 403 })
      await expectDriveFailure(
        remote.readObject('b', 'k', undefined),
        `${server.url} readObject on /d1`,
        'EIO: i/o error',
      )
      // JSON has no undefined: a trailing undefined travels as null and arrives as undefined.
      expect(drive.readObject).toHaveBeenCalledWith('b', 'k', undefined)
      expect(logger.error).toHaveBeenCalledTimes(1)
      expect(logger.error.mock.calls[0]![0]).toMatch('readObject')
    } finally {
      await server.close()
    }
    expect(drive.close).toHaveBeenCalledTimes(1)
  })
})
