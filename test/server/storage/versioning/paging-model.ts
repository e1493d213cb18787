import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import '../../../support/fast-check-seed.js'
import { compareUtf8 } from '../../../../src/server/storage/common/compare-utf8.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import type { OpenStorage } from '../contract/harness.js'
import { bodyOf } from '../contract/helpers.js'

const bucket = 'model'
const KEYS = ['a', 'a/b', 'a/c', 'b', 'b/x/y', 'é', 'z/']

type Op =
  | { kind: 'put'; key: string }
  | { kind: 'delete'; key: string }
  | { kind: 'deleteVersion'; key: string; pick: number }
  | { kind: 'state'; versioning: 'Enabled' | 'Suspended' }

/** One version as the model keeps it. */
interface ModelVersion {
  versionId: string
  marker: boolean
}

/** What the backend should list: per key, its versions newest first. */
class Model {
  readonly keys = new Map<string, ModelVersion[]>()

  push(key: string, version: ModelVersion, suspended: boolean): void {
    const stack = (this.keys.get(key) ?? []).filter((v) => !(suspended && v.versionId === 'null'))
    this.keys.set(key, [version, ...stack])
  }

  remove(key: string, versionId: string): void {
    const stack = (this.keys.get(key) ?? []).filter((v) => v.versionId !== versionId)
    if (stack.length > 0) this.keys.set(key, stack)
    else this.keys.delete(key)
  }

  /** The full listing as entries: `key@id` (markers `!`, latest `*`) or `prefix/` for common prefixes. */
  listing(prefix: string, delimiter: string | undefined): string[] {
    const out: string[] = []
    const keys = Array.from(this.keys.keys())
      .filter((k) => k.startsWith(prefix))
      .sort(compareUtf8)
    for (const key of keys) {
      const at = delimiter ? key.indexOf(delimiter, prefix.length) : -1
      if (at >= 0) {
        const rolled = key.slice(0, at + delimiter!.length)
        if (out.at(-1) !== `P:${rolled}`) out.push(`P:${rolled}`)
        continue
      }
      this.keys.get(key)!.forEach((v, i) => {
        out.push(`${key}@${v.versionId}${v.marker ? '!' : ''}${i === 0 ? '*' : ''}`)
      })
    }
    return out
  }
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('put' as const), key: fc.constantFrom(...KEYS) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...KEYS) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deleteVersion' as const),
      key: fc.constantFrom(...KEYS),
      pick: fc.nat(5),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('state' as const),
      versioning: fc.constantFrom('Enabled' as const, 'Suspended' as const),
    }),
  },
)

/** Every page of ListObjectVersions with `maxKeys`, flattened as Model.listing flattens. */
async function listAllPages(
  backend: ObjectLayer,
  prefix: string,
  delimiter: string | undefined,
  maxKeys: number,
): Promise<string[]> {
  const out: string[] = []
  let keyMarker: string | undefined
  let versionIdMarker: string | undefined
  for (let pages = 0; pages < 200; pages++) {
    const page = await backend.listObjectVersions!({
      bucket,
      prefix,
      delimiter,
      keyMarker,
      versionIdMarker,
      maxKeys,
    })
    // Versions and prefixes of one page, merged back in key order.
    const entries = [
      ...page.versions.map((v) => ({
        sort: v.key,
        text: `${v.key}@${v.versionId}${v.deleteMarker ? '!' : ''}${v.isLatest ? '*' : ''}`,
      })),
      ...page.commonPrefixes.map((p) => ({ sort: p, text: `P:${p}` })),
    ]
    const stable = entries
      .map((e, i) => ({ ...e, i }))
      .sort((x, y) => compareUtf8(x.sort, y.sort) || x.i - y.i)
    out.push(...stable.map((e) => e.text))
    expect(page.versions.length + page.commonPrefixes.length).toBeLessThanOrEqual(maxKeys)
    if (!page.isTruncated) return out
    expect(page.nextKeyMarker).toBeDefined()
    keyMarker = page.nextKeyMarker
    versionIdMarker = page.nextVersionIdMarker
  }
  throw new Error('listing did not end')
}

/**
 * ListObjectVersions against a model: random puts, deletes (markers), deletes by version ID and
 * versioning state changes, then every paging of the listing (each page size, prefix, delimiter)
 * equals the model's.
 */
export function describeVersionPagingModel(open: OpenStorage): void {
  describe('ListObjectVersions paging (model)', () => {
    it('pages every boundary like the model after random versioned writes and deletes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
          const storage = await open()
          try {
            const { backend } = storage
            await backend.createBucket(bucket, '')
            const model = new Model()
            let state: 'Enabled' | 'Suspended' = 'Enabled'
            for (const op of ops) {
              if (op.kind === 'state') {
                state = op.versioning
              } else if (op.kind === 'put') {
                const info = await backend.putObject({
                  bucket,
                  key: op.key,
                  body: bodyOf('x'),
                  versioning: state,
                })
                model.push(op.key, { versionId: info.versionId!, marker: false }, state === 'Suspended')
              } else if (op.kind === 'delete') {
                const done = await backend.deleteObject(bucket, op.key, { versioning: state })
                model.push(op.key, { versionId: done.versionId!, marker: true }, state === 'Suspended')
              } else {
                const stack = model.keys.get(op.key)
                if (!stack) continue
                const target = stack[op.pick % stack.length]!
                await backend.deleteObject(bucket, op.key, { versionId: target.versionId })
                model.remove(op.key, target.versionId)
              }
            }
            for (const [prefix, delimiter] of [
              ['', undefined],
              ['', '/'],
              ['a', '/'],
              ['b/', undefined],
            ] as const) {
              const expected = model.listing(prefix, delimiter)
              for (const maxKeys of [1, 2, 3, 1000]) {
                expect(await listAllPages(backend, prefix, delimiter, maxKeys)).toEqual(expected)
              }
            }
            // listObjects shows exactly the keys whose latest version is not a marker.
            const live = Array.from(model.keys.entries())
              .filter(([, stack]) => !stack[0]!.marker)
              .map(([key]) => key)
              .sort(compareUtf8)
            expect((await backend.listObjects({ bucket })).objects.map((o) => o.key)).toEqual(live)
          } finally {
            await storage.cleanup()
          }
        }),
        { numRuns: 25 },
      )
    }, 120_000)
  })
}
