/** Big-endian readers and writers for the binary stand-ins (Kafka, NSQ). */

/** Reads fields one after another from a buffer. */
export class Reader {
  offset = 0
  constructor(readonly buf: Buffer) {}
  /** Moves past `n` bytes and returns where they started. */
  private skip(n: number): number {
    const at = this.offset
    this.offset += n
    return at
  }
  int8(): number {
    return this.buf.readInt8(this.skip(1))
  }
  int16(): number {
    return this.buf.readInt16BE(this.skip(2))
  }
  int32(): number {
    return this.buf.readInt32BE(this.skip(4))
  }
  int64(): bigint {
    return this.buf.readBigInt64BE(this.skip(8))
  }
  /** Kafka STRING / NULLABLE_STRING: int16 length (-1 null) then UTF-8. */
  string(): string | null {
    const n = this.int16()
    if (n < 0) return null
    const at = this.skip(n)
    return this.buf.toString('utf8', at, at + n)
  }
  /** Kafka BYTES / NULLABLE_BYTES: int32 length (-1 null) then bytes. */
  bytes(): Buffer | null {
    const n = this.int32()
    if (n < 0) return null
    const at = this.skip(n)
    return this.buf.subarray(at, at + n)
  }
  array<T>(item: () => T): T[] {
    const n = this.int32()
    return n < 0 ? [] : Array.from({ length: n }, item)
  }
  get remaining(): number {
    return this.buf.length - this.offset
  }
}

/** Builds a buffer field by field. */
export class Writer {
  private parts: Buffer[] = []
  private push(size: number, write: (b: Buffer) => void): this {
    const b = Buffer.alloc(size)
    write(b)
    this.parts.push(b)
    return this
  }
  int16(v: number): this {
    return this.push(2, (b) => b.writeInt16BE(v))
  }
  int32(v: number): this {
    return this.push(4, (b) => b.writeInt32BE(v))
  }
  int64(v: bigint): this {
    return this.push(8, (b) => b.writeBigInt64BE(v))
  }
  string(v: string | null): this {
    if (v === null) return this.int16(-1)
    const data = Buffer.from(v)
    this.int16(data.length)
    this.parts.push(data)
    return this
  }
  bytes(v: Buffer | null): this {
    if (v === null) return this.int32(-1)
    this.int32(v.length)
    this.parts.push(v)
    return this
  }
  raw(v: Buffer): this {
    this.parts.push(v)
    return this
  }
  array<T>(items: readonly T[], write: (w: this, item: T) => void): this {
    this.int32(items.length)
    for (const item of items) write(this, item)
    return this
  }
  build(): Buffer {
    return Buffer.concat(this.parts)
  }
}
