import type { ListObjectsInput } from '../../../../src/server/storage/object-layer.js'

/** What a listing page should hold, computed the slow, obvious way from all keys. */
export interface ExpectedPage {
  keys: string[]
  prefixes: string[]
  isTruncated: boolean
  nextStartAfter?: string
}

/** S3 order: by UTF-8 bytes. */
export function sortUtf8(keys: string[]): string[] {
  return [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
}

/** A reference ListObjects over every key: filter, roll up, drop up to startAfter, cut at maxKeys. */
export function modelListObjects(allKeys: string[], input: Omit<ListObjectsInput, 'bucket'>): ExpectedPage {
  const prefix = input.prefix ?? ''
  const after = input.startAfter === undefined ? undefined : Buffer.from(input.startAfter)
  const entries: { name: string; isPrefix: boolean }[] = []
  for (const key of sortUtf8(allKeys)) {
    if (!key.startsWith(prefix)) continue
    const at = input.delimiter ? key.indexOf(input.delimiter, prefix.length) : -1
    const name = at < 0 ? key : key.slice(0, at + input.delimiter!.length)
    if (after && Buffer.compare(Buffer.from(name), after) <= 0) continue
    if (entries.at(-1)?.name !== name) entries.push({ name, isPrefix: at >= 0 })
  }
  const maxKeys = Math.min(input.maxKeys ?? 1000, 1000)
  const page = entries.slice(0, maxKeys)
  const isTruncated = entries.length > maxKeys
  return {
    keys: page.filter((e) => !e.isPrefix).map((e) => e.name),
    prefixes: page.filter((e) => e.isPrefix).map((e) => e.name),
    isTruncated,
    ...(isTruncated ? { nextStartAfter: page.at(-1)!.name } : {}),
  }
}
