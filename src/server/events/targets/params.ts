import { TargetConfigError } from './types.js'

/** Optional checks for a string field; `check` returns an error message, or nothing when fine. */
export interface StringFieldOptions {
  required?: boolean
  check?: (value: string) => string | undefined
}

/**
 * Reads one parameter object field by field, so each kind's `parse` stays a typed list of
 * fields. Every read marks the field as known; `done()` then rejects whatever was not read,
 * which is how a typo such as `adress` fails loudly instead of being ignored.
 *
 * Empty strings and absent fields are the same thing: configurations written by older
 * servers carry `""` for every unset string.
 *
 * @example
 * const r = readFields(raw, 'notify.redis["1"]')
 * const key = r.string('key', { required: true })
 * r.done()
 */
export class FieldReader {
  private readonly seen = new Set<string>()
  private readonly obj: Record<string, unknown>

  constructor(
    raw: unknown,
    readonly path: string,
  ) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new TargetConfigError(path, 'must be an object')
    }
    this.obj = { ...(raw as Record<string, unknown>) }
  }

  /** The path of one field, as error messages print it. */
  at(name: string): string {
    return `${this.path}.${name}`
  }

  private take(name: string): unknown {
    this.seen.add(name)
    return this.obj[name]
  }

  bool(name: string, required = false): boolean {
    const v = this.take(name)
    if (v === undefined && !required) return false
    if (typeof v !== 'boolean') throw new TargetConfigError(this.at(name), 'must be true or false')
    return v
  }

  string(name: string, options: StringFieldOptions & { required: true }): string
  string(name: string, options?: StringFieldOptions): string | undefined
  string(name: string, options: StringFieldOptions = {}): string | undefined {
    const v = this.take(name)
    if (v !== undefined && typeof v !== 'string')
      throw new TargetConfigError(this.at(name), 'must be a string')
    if (v === undefined || v === '') {
      if (options.required) throw new TargetConfigError(this.at(name), 'is required')
      return undefined
    }
    const problem = options.check?.(v)
    if (problem) throw new TargetConfigError(this.at(name), problem)
    return v
  }

  /** A string field that also takes an integer, for ports the seed types as strings. */
  stringOrInt(name: string, options: StringFieldOptions = {}): string | undefined {
    const v = this.obj[name]
    if (typeof v === 'number' && Number.isInteger(v)) this.obj[name] = String(v)
    return this.string(name, options)
  }

  /** An array of non-empty strings (kafka `brokers`); absent gives `[]`. */
  stringArray(name: string, options: StringFieldOptions = {}): string[] {
    const v = this.take(name)
    if (v === undefined || v === null) {
      if (options.required) throw new TargetConfigError(this.at(name), 'is required')
      return []
    }
    if (!Array.isArray(v) || v.some((item) => typeof item !== 'string' || item === '')) {
      throw new TargetConfigError(this.at(name), 'must be an array of non-empty strings')
    }
    if (options.required && v.length === 0) throw new TargetConfigError(this.at(name), 'must not be empty')
    for (const [i, item] of (v as string[]).entries()) {
      const problem = options.check?.(item)
      if (problem) throw new TargetConfigError(`${this.at(name)}[${i}]`, problem)
    }
    return v as string[]
  }

  /** An integer in [min, max]; absent gives `fallback`. */
  int(name: string, min: number, max: number, fallback: number): number {
    const v = this.take(name)
    if (v === undefined) return fallback
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw new TargetConfigError(this.at(name), `must be an integer from ${min} to ${max}`)
    }
    return v
  }

  /** A nested parameter object such as nats `streaming`; absent reads as `{}`. */
  object(name: string): FieldReader {
    const v = this.take(name)
    return new FieldReader(v === undefined ? {} : v, this.at(name))
  }

  /** Rejects fields no read asked for. */
  done(): void {
    for (const name of Object.keys(this.obj)) {
      if (!this.seen.has(name)) throw new TargetConfigError(this.at(name), 'unknown parameter')
    }
  }
}

/** Starts reading `raw` whose errors name `path`. */
export function readFields(raw: unknown, path: string): FieldReader {
  return new FieldReader(raw, path)
}
