import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readJsonRecords } from '../../../../src/server/select/input/json-records.js'
import { chunked } from '../engine-helpers.js'

async function collect(data: string, chunkSize: number, unwrap: boolean): Promise<unknown[]> {
  const values: unknown[] = []
  for await (const record of readJsonRecords(chunked(data, chunkSize), unwrap)) values.push(record.value)
  return values
}

const whitespace = fc.constantFrom('', ' ', '\n', '\r\n', '\t  ')

describe('readJsonRecords over random documents', () => {
  it('gives back the concatenated top-level values, wherever the chunks split them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.jsonValue({ maxDepth: 4 }), whitespace, fc.boolean()), { maxLength: 12 }),
        fc.integer({ min: 1, max: 64 }),
        async (docs, chunkSize) => {
          // Scalars need a separator from the next value; objects, arrays and strings do not.
          const text = docs
            .map(
              ([value, space, pretty]) =>
                `${JSON.stringify(value, null, pretty ? 2 : undefined)}${space || ' '}`,
            )
            .join('')
          const expected = docs.map(([value]) => JSON.parse(JSON.stringify(value)) as unknown)
          expect(await collect(text, chunkSize, false)).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('with [*], gives the elements of top-level arrays and other values as they are', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 6 }),
            fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
          ),
          {
            maxLength: 6,
          },
        ),
        fc.integer({ min: 1, max: 32 }),
        async (docs, chunkSize) => {
          const text = docs.map((d) => JSON.stringify(d)).join('\n')
          const expected = docs
            .flatMap((d) => (Array.isArray(d) ? d : [d]))
            .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
          expect(await collect(text, chunkSize, true)).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })
})
