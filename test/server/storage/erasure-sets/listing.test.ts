import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setIndexOf } from '../../../../src/server/storage/erasure-sets.js'
import type { ListMultipartUploadsInput } from '../../../../src/server/storage/object-layer.js'
import { putText } from '../contract/helpers.js'
import { sortUtf8 } from '../contract/list-model.js'
import { openTempSets } from './harness.js'
import { expectObjectPagesLikeModel, expectUploadPagesLikeModel } from './paging.js'

const SETS = 3
const BUCKET = 'merged'

// Keys whose neighbours in listing order mostly sit in other sets; prefixes whose keys are
// spread over every set (each set lists the same common prefix); keys past U+FFFF.
const KEYS = [
  ...Array.from({ length: 12 }, (_, i) => `a/${i}`),
  ...Array.from({ length: 8 }, (_, i) => `b/c/${i}`),
  ...Array.from({ length: 10 }, (_, i) => `k${i}`),
  'b/c',
  'b/d/x',
  'é/1',
  'é/2',
  '\uFFFD',
  '😀',
  'z/',
]

describe('erasure sets: merged listings', () => {
  let harness: Awaited<ReturnType<typeof openTempSets>>
  let uploads: Array<{ key: string; uploadId: string }>
  beforeAll(async () => {
    harness = await openTempSets(SETS)
    const { backend } = harness
    await backend.createBucket(BUCKET, '')
    for (const key of KEYS) await putText(backend, BUCKET, key, `body of ${key}`)
    uploads = []
    for (const key of ['a/1', 'a/2', 'a/2', 'b/c/9', 'k1', 'k2', 'k2', 'k3', 'é/1']) {
      const { uploadId } = await backend.createMultipartUpload({ bucket: BUCKET, key })
      uploads.push({ key, uploadId })
    }
  })
  afterAll(() => harness.cleanup())

  it('spreads the keys, and the keys of each common prefix, over every set', () => {
    const setsOf = (keys: string[]) => new Set(keys.map((k) => setIndexOf(k, SETS)))
    expect(setsOf(KEYS).size).toBe(SETS)
    expect(setsOf(KEYS.filter((k) => k.startsWith('a/'))).size).toBe(SETS)
    expect(setsOf(KEYS.filter((k) => k.startsWith('b/c/'))).size).toBe(SETS)
    // Neighbours in another set: the merge interleaves rather than appends.
    const sorted = sortUtf8(KEYS)
    const changes = sorted.slice(1).filter((k, i) => setIndexOf(k, SETS) !== setIndexOf(sorted[i]!, SETS))
    expect(changes.length).toBeGreaterThan(KEYS.length / 2)
  })

  it.each([
    ['every key', {}],
    ["'/' at the top", { delimiter: '/' }],
    ["'/' under b/", { prefix: 'b/', delimiter: '/' }],
    ['under a/', { prefix: 'a/' }],
  ])('pages %s like the model at every maxKeys', async (_, query) => {
    const { backend } = harness
    await expectObjectPagesLikeModel(
      (input) => backend.listObjects({ ...input, bucket: BUCKET }),
      KEYS,
      query,
    )
  })

  it('lists a common prefix every set holds keys under once, with the objects of each set', async () => {
    const page = await harness.backend.listObjects({ bucket: BUCKET, delimiter: '/' })
    expect(page.commonPrefixes).toEqual(['a/', 'b/', 'z/', 'é/'])
    expect(page.objects.map((o) => [o.key, o.size])).toEqual(
      sortUtf8(KEYS.filter((k) => !k.includes('/'))).map((k) => [k, Buffer.byteLength(`body of ${k}`)]),
    )
  })

  it.each([
    ['every upload', {}],
    ["'/' at the top", { delimiter: '/' }],
  ])('pages %s of ListMultipartUploads like the model at every maxUploads', async (_, query) => {
    const { backend } = harness
    const list = (input: ListMultipartUploadsInput) =>
      backend.listMultipartUploads({ ...input, bucket: BUCKET })
    await expectUploadPagesLikeModel(list, uploads, query)
  })
})
