import { type FileHandle, open } from 'node:fs/promises'
import { crc32 } from '../../crc32.js'

/**
 * The acknowledgement watermark: every entry with `seq <= watermark` was delivered.
 *
 * The file has two 16-byte slots (u64 BE seq, u32 BE CRC of those 8 bytes, u32 magic) written
 * alternately. A write reaches the kernel at once (so a process crash loses nothing); `sync`
 * makes it durable against power loss and is batched by the caller, because an fsync per
 * delivered event would cap delivery at the disk's fsync rate. A power cut mid-write can tear at
 * most the slot being written, so the other still holds the previous watermark; the reader
 * takes the highest valid one.
 */
const SLOT_BYTES = 16
const MAGIC = 0x5341434b // 'SACK'

export interface AckFile {
  readonly watermark: number
  write(seq: number): Promise<void>
  sync(): Promise<void>
  close(): Promise<void>
}

export async function openAckFile(path: string): Promise<AckFile> {
  // Positional writes need 'r+' (O_APPEND would ignore the position); 'w+' only creates.
  const fh = await open(path, 'r+').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return open(path, 'w+')
    throw e
  })
  const found = await readWatermark(fh)
  let watermark = found.seq
  // Overwrite the older slot first, so a torn write never destroys the newest watermark.
  let slot = 1 - found.slot
  return {
    get watermark() {
      return watermark
    },
    async write(seq) {
      const buf = Buffer.alloc(SLOT_BYTES)
      buf.writeBigUInt64BE(BigInt(seq), 0)
      buf.writeUInt32BE(crc32(buf.subarray(0, 8)), 8)
      buf.writeUInt32BE(MAGIC, 12)
      await fh.write(buf, 0, SLOT_BYTES, slot * SLOT_BYTES)
      slot = 1 - slot
      watermark = seq
    },
    sync: () => fh.datasync(),
    close: () => fh.close(),
  }
}

async function readWatermark(fh: FileHandle): Promise<{ seq: number; slot: number }> {
  const buf = Buffer.alloc(SLOT_BYTES * 2)
  const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
  const best = { seq: 0, slot: 1 }
  for (let at = 0; at + SLOT_BYTES <= bytesRead; at += SLOT_BYTES) {
    const seqBytes = buf.subarray(at, at + 8)
    if (buf.readUInt32BE(at + 12) !== MAGIC || buf.readUInt32BE(at + 8) !== crc32(seqBytes)) continue
    const seq = Number(buf.readBigUInt64BE(at))
    if (seq >= best.seq) Object.assign(best, { seq, slot: at / SLOT_BYTES })
  }
  return best
}
