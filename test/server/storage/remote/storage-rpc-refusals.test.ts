import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { INTERNAL_AUTH_HEADER } from '../../../../src/server/storage/remote/internal-auth.js'
import { useStorage } from '../contract/use-storage.js'
import { createTempDriveFolders } from '../drive-contract/temp-drive.js'
import { postRaw, signedHeaders, startStorageRpcServer } from './rpc-server.js'

const SIXTEEN_MINUTES = 16 * 60 * 1000

/** A served drive with bucket `b`, opened through a good client. */
async function openServedDrive() {
  const folders = await createTempDriveFolders('silo-rpc-refusals-')
  const server = await startStorageRpcServer(folders.locations)
  const drive = await server.connect(folders.dir).open()
  await drive.createBucket('b', '')
  return {
    ...folders,
    server,
    drive,
    tempFiles: async () => (await readdir(join(folders.dir, '.silo.sys', 'tmp'))).length,
    cleanup: () => server.close(),
  }
}

describe('storage RPC refusals', () => {
  const under = useStorage(openServedDrive)
  const place = JSON.stringify([{ bucket: 'b', key: 'k' }])

  it.each([
    ['without a signature', () => ({}), /no x-silo-internal-auth header/],
    [
      'signed with another secret',
      (dir: string) => signedHeaders('writeShard', dir, { secret: 'x' }),
      /not match/,
    ],
    [
      'signed for another drive',
      () => authOnly(signedHeaders('writeShard', '/elsewhere', { args: place })),
      /not match/,
    ],
    ['signed 16 minutes ago', (dir: string) => signedWrite(dir, Date.now() - SIXTEEN_MINUTES), /15 minutes/],
    [
      'signed 16 minutes ahead',
      (dir: string) => signedWrite(dir, Date.now() + SIXTEEN_MINUTES),
      /15 minutes/,
    ],
  ])(
    'refuses a write %s with 403, before reading its body, and writes nothing',
    async (_, headersFor, reason) => {
      const { server, dir, drive, tempFiles } = under()
      const headers = { 'x-silo-drive': encodeURIComponent(dir), 'x-silo-args': encodeURIComponent(place) }
      const forged = { ...headers, ...headersFor(dir) }
      const held = await postRaw(server.url, 'writeShard', forged, 'held')
      expect(held.status).toBe(403)
      expect(held.body.error?.message).toMatch(reason)
      expect((await postRaw(server.url, 'writeShard', forged, 'shard bytes')).status).toBe(403)
      expect(await tempFiles()).toBe(0)
      expect((await drive.listObjects({ bucket: 'b' })).objects).toEqual([])
    },
  )

  it('refuses a signature made for another call (replayed) and leaves the bucket', async () => {
    const { server, dir, drive } = under()
    const headers = signedHeaders('getBucket', dir)
    expect((await postRaw(server.url, 'deleteBucket', headers, '["b"]')).status).toBe(403)
    expect(await drive.getBucket('b')).toMatchObject({ name: 'b' })
  })

  it.each([
    ['an unknown call', 'formatDisk', {}, '[]', /"formatDisk" is not a storage call/],
    ['an unknown drive', 'getBucket', { drive: '/not/served' }, '["b"]', /no drive "\/not\/served"/],
    ['a body that is not JSON', 'getBucket', {}, '["b"', /the body is not JSON/],
    ['arguments that are not an array', 'getBucket', {}, '{"name":"b"}', /not a JSON array/],
    ['writeShard without x-silo-args', 'writeShard', {}, 'bytes', /x-silo-args header is missing/],
    [
      'writeShard arguments that are not JSON',
      'writeShard',
      { args: '[{' },
      'bytes',
      /x-silo-args header is not JSON/,
    ],
  ] as const)('answers %s with 400 naming what is wrong', async (_, name, options, body, message) => {
    const { server, dir, tempFiles } = under()
    const drive = 'drive' in options ? options.drive : dir
    const args = 'args' in options ? { args: options.args } : {}
    const answer = await postRaw(server.url, name, signedHeaders(name, drive, args), body)
    expect(answer.status).toBe(400)
    expect(answer.body.error?.message).toMatch(message)
    expect(await tempFiles()).toBe(0)
  })
})

function signedWrite(dir: string, at: number) {
  return signedHeaders('writeShard', dir, { args: JSON.stringify([{ bucket: 'b', key: 'k' }]), at })
}

/** Just the signature of `headers`. */
function authOnly(headers: Record<string, string>) {
  return { [INTERNAL_AUTH_HEADER]: headers[INTERNAL_AUTH_HEADER]! }
}
