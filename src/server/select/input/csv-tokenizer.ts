import { MAX_RECORD_SIZE } from '../limits.js'
import { selectError } from '../select-error.js'
import type { CsvInput } from '../types.js'

/**
 * A record the tokenizer found, valid only during the callback it is passed to (its bytes live
 * in the tokenizer's reused buffer).
 */
export interface CsvRecordView {
  /** The number of fields. */
  readonly count: number
  /** The stream offset of the record's first byte. */
  readonly start: number
  /** Field `i` (0-based) as text; decoded only when asked for. */
  field(i: number): string
}

/** Bytes a match may look past the current one (the longest delimiter, quote or comment). */
const LOOKAHEAD = 16
const UTF8_BOM = [0xef, 0xbb, 0xbf]

/**
 * A byte-level CSV reader for S3 Select's CSV input settings, built to read a big object with
 * little garbage: it finds field boundaries in the bytes and decodes a field only when the query
 * asks for it. Semantics (those csv-parse has with the options S3's settings map to): a quote
 * opens a quoted field only at the field's start; inside one, a field delimiter or record
 * delimiter is text, the escape character makes the next byte text (when the escape is the quote,
 * a doubled quote is one quote); a quote closes the field when a delimiter, the end, or the
 * comment character follows it, and otherwise stays text (lenient, as S3 is); a comment character
 * at the start of a record makes the row a comment; a `\n` record delimiter also ends CRLF lines;
 * a leading UTF-8 BOM is dropped. A record with one empty field (an empty line) is skipped.
 */
export class CsvTokenizer {
  private readonly fd: Uint8Array
  private readonly rd: Uint8Array
  private readonly quote: Uint8Array | undefined
  private readonly escape: Uint8Array | undefined
  private readonly escapeIsQuote: boolean
  private readonly comment: Uint8Array | undefined
  private readonly crlf: boolean
  private readonly checkQuotedRd: boolean
  private buf: Buffer = Buffer.allocUnsafe(256 * 1024)
  /** Bytes of `buf` in use (from 0): the unfinished record carried over, then new input. */
  private used = 0
  /** The stream offset of buf[0]. */
  private base = 0
  private bomChecked = false
  // Field boundaries of the current record; a field built from pieces (escapes, a lenient
  // quote) is decoded at once into `built`.
  private starts = new Int32Array(64)
  private ends = new Int32Array(64)
  private built: (string | undefined)[] = []
  private count = 0
  private scratch: Buffer = Buffer.allocUnsafe(1024)
  private scratchLength = 0
  private recordStart = 0
  /** Whether the current record holds a record delimiter in quotes. */
  private quotedRd = false
  private readonly view: CsvRecordView

  constructor(csv: CsvInput) {
    this.fd = Buffer.from(csv.fieldDelimiter)
    this.crlf = csv.recordDelimiter === '\n'
    this.rd = Buffer.from(csv.recordDelimiter)
    this.quote = csv.quoteCharacter === '' ? undefined : Buffer.from(csv.quoteCharacter)
    const esc = csv.quoteEscapeCharacter === '' ? csv.quoteCharacter : csv.quoteEscapeCharacter
    this.escape = esc === '' ? undefined : Buffer.from(esc)
    this.escapeIsQuote = esc === csv.quoteCharacter
    this.comment = csv.comments ? Buffer.from(csv.comments) : undefined
    this.checkQuotedRd = !csv.allowQuotedRecordDelimiter
    const self = this
    this.view = {
      get count() {
        return self.count
      },
      get start() {
        return self.base + self.recordStart
      },
      field: (i) => this.field(i),
    }
  }

  /** Reads `chunk`, calling `onRecord` per complete record; false from it stops (returns false). */
  push(chunk: Uint8Array, onRecord: (record: CsvRecordView) => boolean): boolean {
    this.append(chunk)
    return this.scan(false, onRecord)
  }

  /** Reads the last record (one without a record delimiter); false when `onRecord` stopped. */
  end(onRecord: (record: CsvRecordView) => boolean): boolean {
    return this.scan(true, onRecord)
  }

  private append(chunk: Uint8Array): void {
    if (this.used + chunk.byteLength > this.buf.byteLength) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.byteLength * 2, this.used + chunk.byteLength))
      this.buf.copy(grown, 0, 0, this.used)
      this.buf = grown
    }
    this.buf.set(chunk, this.used)
    this.used += chunk.byteLength
  }

  private scan(final: boolean, onRecord: (record: CsvRecordView) => boolean): boolean {
    let pos = 0
    if (!this.bomChecked) {
      if (this.used < 3 && !final) return true
      this.bomChecked = true
      if (this.used >= 3 && UTF8_BOM.every((b, i) => this.buf[i] === b)) {
        pos = 3
      }
    }
    let go = true
    while (go && pos < this.used) {
      this.recordStart = pos
      const next = this.record(pos, final)
      if (next < 0) break
      pos = next
      if (this.count < 0) continue // a comment row
      if (this.quotedRd) {
        throw selectError(
          'CSVEscapingRecordDelimiter',
          `A quoted record delimiter was found in the record at byte ${this.base + this.recordStart}; set AllowQuotedRecordDelimiter to TRUE to allow it.`,
        )
      }
      // An empty line (or one empty quoted field) is no record.
      if (this.count === 1 && this.isEmpty(0)) continue
      go = onRecord(this.view)
    }
    if (!final && this.used - pos > MAX_RECORD_SIZE + LOOKAHEAD) this.tooLong()
    // Keep the unfinished record's bytes at the start of the buffer.
    this.buf.copy(this.buf, 0, pos, this.used)
    this.base += pos
    this.used -= pos
    return go
  }

  private tooLong(): never {
    throw selectError('OverMaxRecordSize', `A CSV record is longer than ${MAX_RECORD_SIZE} characters.`)
  }

  /** Whether `seq` is at `p` (within the bytes in use). */
  private at(seq: Uint8Array, p: number): boolean {
    if (p + seq.length > this.used) return false
    for (let i = 0; i < seq.length; i++) if (this.buf[p + i] !== seq[i]) return false
    return true
  }

  /** The length of the record delimiter at `p`, or 0. */
  private rdAt(p: number): number {
    const b = this.buf[p]
    if (this.crlf) {
      if (b === 0x0a) return 1
      return b === 0x0d && p + 1 < this.used && this.buf[p + 1] === 0x0a ? 2 : 0
    }
    return b === this.rd[0] && this.at(this.rd, p) ? this.rd.length : 0
  }

  private addField(start: number, end: number, built: string | undefined): void {
    if (this.count === this.starts.length) {
      const starts = new Int32Array(this.count * 2)
      const ends = new Int32Array(this.count * 2)
      starts.set(this.starts)
      ends.set(this.ends)
      this.starts = starts
      this.ends = ends
    }
    this.starts[this.count] = start
    this.ends[this.count] = end
    this.built[this.count] = built
    this.count++
  }

  private pieceStart(): void {
    this.scratchLength = 0
  }

  private piece(from: number, to: number): void {
    const n = to - from
    if (this.scratchLength + n > this.scratch.byteLength) {
      const grown = Buffer.allocUnsafe(Math.max(this.scratch.byteLength * 2, this.scratchLength + n))
      this.scratch.copy(grown, 0, 0, this.scratchLength)
      this.scratch = grown
    }
    this.buf.copy(this.scratch, this.scratchLength, from, to)
    this.scratchLength += n
  }

  private pieces(): string {
    return this.scratch.toString('utf8', 0, this.scratchLength)
  }

  private isEmpty(i: number): boolean {
    const built = this.built[i]
    return built === undefined ? this.starts[i] === this.ends[i] : built === ''
  }

  private field(i: number): string {
    const built = this.built[i]
    if (built !== undefined) return built
    return this.buf.toString('utf8', this.starts[i], this.ends[i])
  }

  /**
   * Finds the record starting at `pos`: its fields (count -1 for a comment row) and the offset
   * after its record delimiter; -1 when its end is not in the buffer yet (never when `final`).
   */
  private record(pos: number, final: boolean): number {
    const buf = this.buf
    const used = this.used
    const limit = final ? used : used - LOOKAHEAD
    const { fd, quote, escape: esc, comment } = this
    const fd0 = fd[0]
    const rd0 = this.crlf ? 0x0a : this.rd[0]
    const q0 = quote ? quote[0] : -1
    this.count = 0
    this.quotedRd = false
    let p = pos
    if (p >= limit && !final) return -1
    if (comment && this.at(comment, p)) {
      for (;;) {
        if (p >= limit) {
          if (!final) return -1
          this.count = -1
          return used
        }
        const n = this.rdAt(p)
        if (n > 0) {
          this.count = -1
          return p + n
        }
        p++
      }
    }
    for (;;) {
      // One field, starting at p.
      const fieldStart = p
      if (quote && buf[p] === q0 && this.at(quote, p)) {
        p += quote.length
        const contentStart = p
        let simple = true
        let closed = false
        let closePos = p
        this.pieceStart()
        let pieceFrom = p
        for (;;) {
          if (p >= limit) {
            if (!final) return -1
            throw selectError(
              'CSVParsingError',
              `A quoted field at byte ${this.base + fieldStart} is not closed.`,
            )
          }
          const b = buf[p]
          if (this.checkQuotedRd && (this.crlf ? b === 0x0a : this.rdAt(p) > 0)) this.quotedRd = true
          if (esc && !this.escapeIsQuote && b === esc[0] && this.at(esc, p) && p + esc.length < used) {
            // The escape character makes the next byte text.
            simple = false
            this.piece(pieceFrom, p)
            pieceFrom = p + esc.length
            p = pieceFrom + 1
            continue
          }
          if (b === q0 && this.at(quote, p)) {
            const next = p + quote.length
            if (this.escapeIsQuote && this.at(quote, next)) {
              // A doubled quote is one quote.
              simple = false
              this.piece(pieceFrom, next)
              pieceFrom = next + quote.length
              p = pieceFrom
              continue
            }
            if (
              next >= used ||
              (buf[next] === fd0 && this.at(fd, next)) ||
              this.rdAt(next) > 0 ||
              (comment !== undefined && this.at(comment, next))
            ) {
              closed = true
              closePos = p
              if (!simple) this.piece(pieceFrom, p)
              p = next
              break
            }
            // A quote followed by other text is text, and the field is no longer quoted: it
            // reads as the opening quote, its text so far, and this quote.
            this.piece(pieceFrom, p)
            this.wrapInQuotes(quote)
            simple = false
            p = next
            break
          }
          p++
        }
        // After a closing quote (or a quote that did not close), bytes up to the next delimiter
        // belong to the field.
        let q = p
        for (;;) {
          if (q >= limit) {
            if (!final) return -1
            q = used
            break
          }
          if (buf[q] === fd0 && this.at(fd, q)) break
          if (this.rdAt(q) > 0) break
          q++
        }
        if (closed && simple && q === p) {
          this.addField(contentStart, closePos, undefined)
        } else {
          if (closed && simple) this.piece(contentStart, closePos)
          this.piece(p, q)
          this.addField(0, 0, this.pieces())
        }
        p = q
      } else {
        // An unquoted field: up to the next field or record delimiter.
        while (p < limit) {
          const b = buf[p]
          if (b === fd0 || b === rd0 || b === 0x0d) {
            if (b === fd0 && this.at(fd, p)) break
            if (this.rdAt(p) > 0) break
          }
          p++
        }
        if (p >= limit) {
          if (!final) return -1
          p = used
        }
        this.addField(fieldStart, p, undefined)
      }
      if (p - pos > MAX_RECORD_SIZE) this.tooLong()
      if (p >= used) return used
      if (buf[p] === fd0 && this.at(fd, p)) {
        p += fd.length
        if (p >= used && final) {
          this.addField(p, p, undefined)
          return used
        }
        continue
      }
      const n = this.rdAt(p)
      if (n > 0) return p + n
      // Not reached: the loops above stop only at a delimiter or the end.
      return p
    }
  }

  /** Puts the pieces so far between two quotes (a quote that did not close its field). */
  private wrapInQuotes(quote: Uint8Array): void {
    const content = Buffer.from(this.scratch.subarray(0, this.scratchLength))
    this.scratchLength = 0
    this.pieceFrom(quote)
    this.pieceFrom(content)
    this.pieceFrom(quote)
  }

  private pieceFrom(bytes: Uint8Array): void {
    if (this.scratchLength + bytes.length > this.scratch.byteLength) {
      const grown = Buffer.allocUnsafe(
        Math.max(this.scratch.byteLength * 2, this.scratchLength + bytes.length),
      )
      this.scratch.copy(grown, 0, 0, this.scratchLength)
      this.scratch = grown
    }
    this.scratch.set(bytes, this.scratchLength)
    this.scratchLength += bytes.length
  }
}
