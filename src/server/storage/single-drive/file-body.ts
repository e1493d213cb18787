import type { FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { S3ServerError } from '../../errors.js'
import { drained } from '../../response/drained.js'
import { BufferPool } from '../common/buffer-pool.js'
import type { BodySink, SendsItself } from '../object-layer.js'
import type { ReadsInto } from '../storage-drive.js'
import { READ_CHUNK_SIZE } from './open-data-file.js'

/** One file's bytes to send: an inclusive range, the file opened already or opened when reached. */
export interface FileSegment {
  file: FileHandle | undefined
  open: () => Promise<FileHandle | undefined>
  start: number
  end: number
}

/** Read buffers kept between responses (each response holds at most two at a time). */
const spareBuffers = new BufferPool(16 * READ_CHUNK_SIZE)

/**
 * The bytes of one or more data files (a whole object, a range, a multipart object's parts),
 * read in {@link READ_CHUNK_SIZE} chunks. Three ways to consume it:
 * - as a Readable: every chunk is a fresh buffer the consumer may keep (encryption, copies,
 *   Select read it this way);
 * - {@link sendTo} an HTTP response, before anything was read: chunks are read into a few
 *   buffers reused across responses, each handed back once the socket write's callback says
 *   its bytes left. A fresh 1 MiB buffer per read made V8 run a mark-compact every ~25 MiB sent
 *   ("external memory pressure", `--trace-gc`): ~40 per GiB, the largest cost of a big GET;
 * - {@link readInto} the caller's buffers (an erasure read of a shard file: one shard block
 *   into one of its pooled buffers).
 *
 * Every file is closed when the body ends, fails or is destroyed, also when never read.
 */
export class FileBody extends Readable implements SendsItself, ReadsInto {
  readonly #segments: FileSegment[]
  #index = 0
  #position: number
  #claimed = false

  constructor(segments: FileSegment[]) {
    super()
    this.#segments = segments
    this.#position = segments[0]?.start ?? 0
  }

  /** The next chunk (at most `into`'s length) into `into` (fresh when absent); undefined at the end. */
  async #readNext(into: Uint8Array | undefined): Promise<Uint8Array | undefined> {
    for (;;) {
      const segment = this.#segments[this.#index]
      if (!segment) return undefined
      const left = segment.end - this.#position + 1
      if (left <= 0) {
        await this.#closeSegment(this.#index)
        this.#index++
        this.#position = this.#segments[this.#index]?.start ?? 0
        continue
      }
      segment.file ??= await segment.open()
      if (!segment.file)
        throw new S3ServerError('InternalError', 'A part of the object vanished while it was read.')
      const wanted = Math.min(left, into?.length ?? READ_CHUNK_SIZE)
      const buffer = into ?? Buffer.allocUnsafeSlow(wanted)
      const { bytesRead } = await segment.file.read(buffer, 0, wanted, this.#position)
      if (bytesRead === 0) {
        throw new S3ServerError('InternalError', 'A data file ended before the size its metadata records.')
      }
      this.#position += bytesRead
      return buffer.subarray(0, bytesRead)
    }
  }

  async #closeSegment(index: number): Promise<void> {
    const segment = this.#segments[index]
    const file = segment?.file
    if (!segment || !file) return
    segment.file = undefined
    segment.open = async () => undefined
    await file.close().catch(() => {})
  }

  async #closeAll(): Promise<void> {
    await Promise.all(this.#segments.map((_, i) => this.#closeSegment(i)))
  }

  override _read(): void {
    this.#claimed = true
    this.#readNext(undefined).then(
      (chunk) => {
        if (chunk) this.push(chunk)
        else this.#closeAll().then(() => this.push(null))
      },
      (error: unknown) => this.destroy(error as Error),
    )
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#closeAll().then(() => callback(error), callback)
  }

  /**
   * Reads the next bytes into `into` (as many as lie in the current file, up to its length);
   * resolves with how many, 0 at the end (every file then closed). Not to be mixed with reading
   * the body as a stream.
   */
  async readInto(into: Uint8Array): Promise<number> {
    this.#claimed = true
    const chunk = await this.#readNext(into)
    if (!chunk) await this.#closeAll()
    return chunk?.length ?? 0
  }

  /** Whether {@link sendTo} may still be used: nothing was read as a stream yet. */
  get canSendItself(): boolean {
    return !this.#claimed && !this.destroyed
  }

  async sendTo(out: BodySink): Promise<void> {
    if (!this.canSendItself) throw new Error('FileBody.sendTo after the body was read as a stream')
    this.#claimed = true
    try {
      while (!out.destroyed) {
        const buffer = spareBuffers.take(READ_CHUNK_SIZE)
        let chunk: Uint8Array | undefined
        try {
          chunk = await this.#readNext(buffer)
        } catch (error) {
          spareBuffers.give(buffer)
          throw error
        }
        if (!chunk) {
          spareBuffers.give(buffer)
          out.end()
          return
        }
        // Reused only once written: a write the socket never finishes (closed) keeps its buffer.
        const flowing = out.write(chunk, (error) => {
          if (!error) spareBuffers.give(buffer)
        })
        if (!flowing) await drained(out)
      }
    } finally {
      this.destroy()
    }
  }
}
