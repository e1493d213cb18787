import { readdir, rm } from 'node:fs/promises'
import { Agent } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it, vi } from 'vitest'
import { S3ServerError } from '../../../../src/server/errors.js'
import { ShardFeed } from '../../../../src/server/storage/erasure/shard-feed.js'
import { serveInlineWrite } from '../../../../src/server/storage/remote/inline-shards.js'
import type { DriveLocation, StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { bodyOf, expectS3Error, md5Hex, patternBytes, readAll } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'
import { createTempDriveFolders } from '../drive-contract/temp-drive.js'
import { startStorageRpcServer } from './rpc-server.js'

const MiB = 1024 * 1024
const pattern = patternBytes(MiB + 64)

/** Chunk `i` of a generated shard: 1 MiB of the pattern from offset i. */
const chunkAt = (i: number) => pattern.subarray(i, i + MiB)

/** The bytes `start..end` (inclusive) of a shard made of chunkAt(0), chunkAt(1)... */
function shardBytes(start: number, end: number): Buffer {
  const out = Buffer.alloc(end - start + 1)
  for (let at = start; at <= end; at++) out[at - start] = pattern[(at % MiB) + Math.floor(at / MiB)]!
  return out
}

/** A drive served over the storage RPC, noting the bytes its writeShard bodies received so far. */
async function openCountingDrive() {
  const folders = await createTempDriveFolders('silo-remote-shards-')
  const local = folders.locations.get(folders.dir)!
  const received = { bytes: 0 }
  const counting: DriveLocation = {
    ...local,
    open: async () => {
      const drive = await local.open()
      return { ...drive, writeShard: (place, body) => drive.writeShard(place, countBytes(body, received)) }
    },
  }
  const server = await startStorageRpcServer(new Map([[folders.dir, counting]]))
  const drive = await server.connect(folders.dir).open()
  await drive.createBucket('b', '')
  return { ...folders, server, drive, received, cleanup: () => server.close() }
}

async function* countBytes(body: AsyncIterable<Uint8Array>, received: { bytes: number }) {
  for await (const chunk of body) {
    received.bytes += chunk.byteLength
    yield chunk
  }
}

/** Writes and commits `chunks` MiB of chunkAt(0), chunkAt(1)... as `key`. */
async function putGenerated(drive: StorageDrive, key: string, chunks: number): Promise<void> {
  async function* body() {
    for (let i = 0; i < chunks; i++) yield chunkAt(i)
  }
  const staged = await drive.writeShard({ bucket: 'b', key }, body())
  await drive.commitShard(staged.id, { etag: 'e', meta: 'm' })
}

describe('remote drive shard streams', () => {
  const under = useStorage(openCountingDrive)

  it('streams a 64 MiB shard: the client never runs more than a few MiB ahead of what the drive received', async () => {
    const { drive, received } = under()
    let sent = 0
    let ahead = 0
    async function* body() {
      for (let i = 0; i < 64; i++) {
        ahead = Math.max(ahead, sent - received.bytes)
        sent += MiB
        yield chunkAt(i)
      }
    }
    const staged = await drive.writeShard({ bucket: 'b', key: 'big' }, body())
    expect(staged.size).toBe(64 * MiB)
    expect(received.bytes).toBe(64 * MiB)
    // Socket buffers both ways on loopback hold a few MiB; a client writing without waiting for
    // drain would be ~63 MiB ahead.
    expect(ahead).toBeLessThan(16 * MiB)
    await drive.commitShard(staged.id, { etag: 'e', meta: 'm' })
    expect((await drive.readObject('b', 'big')).size).toBe(64 * MiB)
  })

  it('reads exactly the bytes of a range, across chunks, and a whole small shard', async () => {
    const { drive } = under()
    await putGenerated(drive, 'k', 3)
    const range = { start: MiB - 5, end: 2 * MiB + 6 }
    const read = await drive.readShard('b', 'k', range)
    expect(read.object).toMatchObject({ key: 'k', size: 3 * MiB, etag: 'e', meta: 'm' })
    expect((await readAll(read.body!)).equals(shardBytes(range.start, range.end))).toBe(true)
    const staged = await drive.writeShard({ bucket: 'b', key: 'small' }, bodyOf('inline'))
    await drive.commitShard(staged.id, { etag: 'e', meta: 'm' })
    const small = await drive.readShard('b', 'small', { start: 1, end: 4 })
    expect(Buffer.from(small.data ?? (await readAll(small.body!))).toString()).toBe('nlin')
  })

  it('stops reading the body and rejects when the drive fails the write midway', async () => {
    const { dir } = under()
    const failing = {
      writeShard: async (_: unknown, body: AsyncIterable<Uint8Array>) => {
        let chunks = 0
        for await (const _chunk of body) if (++chunks === 3) throw new S3ServerError('XSiloStorageFull')
      },
      usedBytes: async () => 0,
      close: async () => {},
    }
    const full = await startStorageRpcServer(new Map([[dir, { open: async () => failing } as never]]))
    try {
      let pulled = 0
      let finished = false
      async function* gib() {
        try {
          for (; pulled < 1024; pulled++) yield chunkAt(pulled % 64)
        } finally {
          finished = true
        }
      }
      const drive = await full.connect(dir).open()
      await expectS3Error(drive.writeShard({ bucket: 'b', key: 'k' }, gib()), 'XSiloStorageFull')
      expect(pulled).toBeLessThan(64)
      expect(finished).toBe(true)
      // The broken-off request's connection is dropped, not reused mid-body.
      expect(await drive.usedBytes()).toBe(0)
    } finally {
      await full.close()
    }
  })

  it("rejects with the body's own error when the caller's body fails, and the drive keeps nothing", async () => {
    const { drive, dir } = under()
    async function* failing() {
      yield chunkAt(0)
      yield chunkAt(1)
      throw new Error('the client went away')
    }
    await expect(drive.writeShard({ bucket: 'b', key: 'k' }, failing())).rejects.toThrow(
      'the client went away',
    )
    await vi.waitFor(async () => expect(await readdir(join(dir, '.silo.sys', 'tmp'))).toEqual([]))
    await putGenerated(drive, 'k', 1)
    expect((await drive.readObject('b', 'k')).size).toBe(MiB)
  })

  it('frees the connection of a body destroyed early: the next call gets the only socket', async () => {
    const { server, dir } = under()
    const drive = await server.connect(dir, { agent: new Agent({ keepAlive: true, maxSockets: 1 }) }).open()
    await putGenerated(drive, 'k', 8)
    const read = await drive.readShard('b', 'k', { start: 0, end: 8 * MiB - 1 })
    const first = await read.body![Symbol.asyncIterator]().next()
    expect(first.done).toBe(false)
    read.body!.destroy()
    const next = drive.readObject('b', 'k')
    expect(await Promise.race([next, sleep(2000, 'the call waits for a socket')])).toMatchObject({
      size: 8 * MiB,
    })
    // A body read to its end hands its socket back too.
    const whole = await drive.readShard('b', 'k', { start: 0, end: MiB - 1 })
    expect(md5Hex(await readAll(whole.body!))).toBe(md5Hex(shardBytes(0, MiB - 1)))
    expect(await drive.usedBytes()).toBe(8 * MiB)
  })

  it('serves many calls at once over a small pool', async () => {
    const { server, dir } = under()
    const drive = await server.connect(dir, { agent: new Agent({ keepAlive: true, maxSockets: 4 }) }).open()
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`)
    await Promise.all(keys.map((key) => putGenerated(drive, key, 1)))
    // Each read's body holds its socket until read: read them as they come, as the erasure set does.
    const bytes = await Promise.all(
      keys.map(async (key) => readAll((await drive.readShard('b', key, { start: 7, end: MiB - 1 })).body!)),
    )
    for (const got of bytes) expect(got.equals(shardBytes(7, MiB - 1))).toBe(true)
    expect((await drive.listObjects({ bucket: 'b' })).objects).toHaveLength(40)
  })
})

/** A drive served over the storage RPC, noting the reservation each writeShard came with. */
async function openRecordingDrive() {
  const folders = await createTempDriveFolders('silo-remote-reserve-')
  const local = folders.locations.get(folders.dir)!
  const reservations: (string | undefined)[] = []
  const recording: DriveLocation = {
    ...local,
    open: async () => {
      const drive = await local.open()
      return {
        ...drive,
        writeShard: (place, body, reservation) => {
          reservations.push(reservation)
          return drive.writeShard(place, body, reservation)
        },
      }
    },
  }
  const server = await startStorageRpcServer(new Map([[folders.dir, recording]]))
  const drive = await server.connect(folders.dir).open()
  await drive.createBucket('b', '')
  const cleanup = async () => {
    await server.close()
    await rm(folders.root, { recursive: true, force: true })
  }
  return { server, dir: folders.dir, drive, reservations, cleanup }
}

describe('remote drive writeShard reservations', () => {
  const under = useStorage(openRecordingDrive)

  it("hands the writer's reservation to the drive, streamed and inline in a batch", async () => {
    const { drive, reservations } = under()
    const reservation = await drive.reserveSpace(2 * MiB)
    await putGenerated(drive, 'none', 1)
    await drive.writeShard({ bucket: 'b', key: 'streamed' }, bodyOf(patternBytes(MiB)), reservation)
    const feed = new ShardFeed(4, 10)
    void feed.push(Buffer.from('0123456789'))
    feed.end()
    const inline = await drive.writeShard({ bucket: 'b', key: 'inline' }, feed, reservation)
    expect(inline.size).toBe(10)
    expect(reservations).toEqual([undefined, reservation, reservation])
    await drive.releaseSpace(reservation)
  })

  it('refuses a reservation that is not a string with 400, the drive untouched', async () => {
    const { drive, reservations } = under()
    const staged = serveInlineWrite(drive, [{ bucket: 'b', key: 'k' }, 'aGk=', 7])
    await expect(staged).rejects.toMatchObject({
      message: /reservation must be the string reserveSpace answered/,
    })
    expect(reservations).toEqual([])
  })
})
