import { randomBytes } from 'node:crypto'
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileBody, type FileSegment } from '../../../../src/server/storage/single-drive/file-body.js'
import { READ_CHUNK_SIZE } from '../../../../src/server/storage/single-drive/open-data-file.js'
import { SlowSink } from '../slow-sink.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-file-body-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function segmentOf(
  name: string,
  bytes: Buffer,
  start = 0,
  end = bytes.length - 1,
): Promise<FileSegment> {
  const path = join(dir, name)
  await writeFile(path, bytes)
  return { file: await open(path, 'r'), open: async () => undefined, start, end }
}

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

describe('FileBody', () => {
  it('sends several files and ranges through reused buffers, byte for byte', async () => {
    const a = randomBytes(2 * READ_CHUNK_SIZE + 17)
    const b = randomBytes(READ_CHUNK_SIZE - 3)
    const c = randomBytes(5000)
    const body = new FileBody([
      await segmentOf('a', a),
      await segmentOf('b', b, 100, b.length - 1),
      await segmentOf('c', c, 0, 99),
    ])
    const sink = new SlowSink()
    expect(body.canSendItself).toBe(true)
    await body.sendTo(sink)
    expect(sink.ended).toBe(true)
    expect(Buffer.concat(sink.sent).equals(Buffer.concat([a, b.subarray(100), c.subarray(0, 100)]))).toBe(
      true,
    )
    expect(body.destroyed).toBe(true)
  })

  it('reads as a stream in fresh chunks of at most 1 MiB, and then cannot send itself', async () => {
    const a = randomBytes(READ_CHUNK_SIZE + 1)
    const body = new FileBody([await segmentOf('a', a)])
    expect((await readAll(body)).equals(a)).toBe(true)
    expect(body.canSendItself).toBe(false)
    await expect(body.sendTo(new SlowSink())).rejects.toThrow(/after the body was read/)
  })

  it('opens a segment that was not opened up front when it reaches it', async () => {
    const a = randomBytes(1000)
    const later = randomBytes(3000)
    await writeFile(join(dir, 'later'), later)
    const body = new FileBody([
      await segmentOf('a', a),
      { file: undefined, open: () => open(join(dir, 'later'), 'r'), start: 10, end: 2009 },
    ])
    expect((await readAll(body)).equals(Buffer.concat([a, later.subarray(10, 2010)]))).toBe(true)
  })

  it('fails when a segment is gone or shorter than its range', async () => {
    const gone = new FileBody([
      await segmentOf('a', randomBytes(10)),
      { file: undefined, open: async () => undefined, start: 0, end: 9 },
    ])
    await expect(readAll(gone)).rejects.toThrow(/vanished/)
    const short = new FileBody([await segmentOf('s', randomBytes(10), 0, 19)])
    await expect(short.sendTo(new SlowSink())).rejects.toThrow(/ended before/)
  })

  it('stops and closes its files when the response closes midway', async () => {
    const a = randomBytes(4 * READ_CHUNK_SIZE)
    const segment = await segmentOf('a', a)
    const file = segment.file!
    const body = new FileBody([segment])
    const sink = new SlowSink()
    sink.once('drain', () => sink.close())
    await body.sendTo(sink)
    expect(sink.ended).toBe(false)
    expect(Buffer.concat(sink.sent).length).toBeLessThan(a.length)
    // A closed FileHandle refuses reads.
    await expect(file.read(Buffer.alloc(1), 0, 1, 0)).rejects.toMatchObject({ code: 'EBADF' })
  })

  it('closes its files when destroyed unread', async () => {
    const segment = await segmentOf('a', randomBytes(10))
    const file = segment.file!
    const body = new FileBody([segment])
    body.destroy()
    await new Promise((resolve) => body.once('close', resolve))
    await expect(file.read(Buffer.alloc(1), 0, 1, 0)).rejects.toMatchObject({ code: 'EBADF' })
  })
})
