import { PolicyError } from './policy-error.js'

/** A parsed JSON value. Objects have no prototype, so a `__proto__` key is just a key. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject
/** A parsed JSON object. */
export type JsonObject = { [key: string]: JsonValue }

const MAX_DEPTH = 64
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}

/**
 * Parses strict JSON (RFC 8259). Unlike `JSON.parse`, a syntax error names its line and column
 * in every JS engine, and a duplicated object key is an error: `{"Effect":"Allow","Effect":"Deny"}`
 * must not quietly mean whichever came last.
 *
 * @example parseJson('{"a":[1,true]}') // { a: [1, true] }
 */
export function parseJson(text: string): JsonValue {
  const parser = new JsonParser(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  const value = parser.value(0)
  parser.skipSpace()
  if (parser.pos < parser.text.length) parser.fail('unexpected text after the JSON document')
  return value
}

class JsonParser {
  pos = 0
  constructor(readonly text: string) {}

  value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`)
    this.skipSpace()
    const c = this.text[this.pos]
    if (c === '{') return this.object(depth)
    if (c === '[') return this.array(depth)
    if (c === '"') return this.string()
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number()
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length
        return value
      }
    }
    return this.fail(c === undefined ? 'unexpected end of input, expected a value' : `unexpected ${quote(c)}`)
  }

  object(depth: number): JsonObject {
    const result: JsonObject = Object.create(null)
    this.pos++
    if (this.consume('}')) return result
    for (;;) {
      if (this.peekAfterSpace() !== '"') this.fail('expected a property name in double quotes')
      const keyAt = this.pos
      const key = this.string()
      if (Object.hasOwn(result, key)) this.fail(`duplicate key ${JSON.stringify(key)}`, keyAt)
      if (this.peekAfterSpace() !== ':') this.fail(`expected ':' after ${JSON.stringify(key)}`)
      this.pos++
      result[key] = this.value(depth + 1)
      const next = this.peekAfterSpace()
      this.pos++
      if (next === '}') return result
      if (next !== ',') this.fail("expected ',' or '}' after an object member", this.pos - 1)
    }
  }

  array(depth: number): JsonValue[] {
    const result: JsonValue[] = []
    this.pos++
    if (this.consume(']')) return result
    for (;;) {
      result.push(this.value(depth + 1))
      const next = this.peekAfterSpace()
      this.pos++
      if (next === ']') return result
      if (next !== ',') this.fail("expected ',' or ']' after an array element", this.pos - 1)
    }
  }

  string(): string {
    let out = ''
    let start = ++this.pos
    for (;;) {
      const code = this.text.charCodeAt(this.pos)
      if (Number.isNaN(code)) this.fail('unterminated string')
      if (code === 0x22) break
      if (code < 0x20) this.fail('control character in a string (escape it)')
      if (code === 0x5c) {
        out += this.text.slice(start, this.pos) + this.escape()
        start = this.pos
      } else this.pos++
    }
    out += this.text.slice(start, this.pos++)
    return out
  }

  escape(): string {
    const c = this.text[this.pos + 1] ?? ''
    if (c === 'u') {
      const hex = this.text.slice(this.pos + 2, this.pos + 6)
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape')
      this.pos += 6
      return String.fromCharCode(Number.parseInt(hex, 16))
    }
    const decoded = ESCAPES[c]
    if (decoded === undefined) this.fail(`bad escape \\${c}`)
    this.pos += 2
    return decoded
  }

  number(): number {
    NUMBER.lastIndex = this.pos
    const match = NUMBER.exec(this.text)
    if (match === null) this.fail('bad number')
    this.pos += match[0].length
    return Number(match[0])
  }

  /** Skips space, then steps over `c` if it is next. */
  consume(c: string): boolean {
    if (this.peekAfterSpace() !== c) return false
    this.pos++
    return true
  }

  peekAfterSpace(): string | undefined {
    this.skipSpace()
    return this.text[this.pos]
  }

  skipSpace(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.pos)
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return
      this.pos++
    }
  }

  fail(detail: string, at = this.pos): never {
    const before = this.text.slice(0, at)
    const line = before.split('\n').length
    const column = at - before.lastIndexOf('\n')
    throw new PolicyError('syntax', '', `invalid JSON at line ${line}, column ${column}: ${detail}`)
  }
}

function quote(c: string): string {
  return JSON.stringify(c)
}
