import { beforeAll, describe, expect, it } from 'vitest'
import type { ListObjectsInput, ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import type { OpenStorage } from './harness.js'
import { putText } from './helpers.js'
import { type ExpectedPage, modelListObjects } from './list-model.js'
import { useStorage } from './use-storage.js'

type Query = Omit<ListObjectsInput, 'bucket'>

const BUCKET = 'listing'

// Characters below '/' (space, '!', '-', '.'), above it, and beyond ASCII, where UTF-8 byte order
// differs from JavaScript's UTF-16 order ('😀' is U+1F600 but its UTF-16 unit 0xD83D < 0xFFFD).
const ORDERED_KEYS = ['A', 'a', 'a b', 'a!', 'a-', 'a.', 'a/', 'a/b', 'a0', 'z', '~', 'é', '\uFFFD', '😀']

const TREE_KEYS = [
  'dir/a',
  'dir/b',
  'dir/sub/x',
  'dir/sub/y',
  'dir/sub2/z',
  'dir/subway',
  'dir!/bang',
  'dir /space',
  'dir.txt',
  'dir--two--parts',
  'dir--two--more',
  'top',
  'x-y-z',
]

const TABLE: [string, Query, ExpectedPage][] = [
  ['no delimiter lists every key', {}, { keys: [...TREE_KEYS].sort(), prefixes: [], isTruncated: false }],
  [
    "'/' at the top",
    { delimiter: '/' },
    {
      keys: ['dir--two--more', 'dir--two--parts', 'dir.txt', 'top', 'x-y-z'],
      prefixes: ['dir /', 'dir!/', 'dir/'],
      isTruncated: false,
    },
  ],
  [
    "'/' under dir/",
    { prefix: 'dir/', delimiter: '/' },
    { keys: ['dir/a', 'dir/b', 'dir/subway'], prefixes: ['dir/sub/', 'dir/sub2/'], isTruncated: false },
  ],
  [
    'a prefix ending mid-segment',
    { prefix: 'dir/su', delimiter: '/' },
    { keys: ['dir/subway'], prefixes: ['dir/sub/', 'dir/sub2/'], isTruncated: false },
  ],
  [
    'a multi-character delimiter',
    { prefix: 'dir', delimiter: '--' },
    {
      keys: [
        'dir /space',
        'dir!/bang',
        'dir.txt',
        'dir/a',
        'dir/b',
        'dir/sub/x',
        'dir/sub/y',
        'dir/sub2/z',
        'dir/subway',
      ],
      prefixes: ['dir--'],
      isTruncated: false,
    },
  ],
  [
    "'-' as delimiter",
    { delimiter: '-' },
    {
      keys: [
        'dir /space',
        'dir!/bang',
        'dir.txt',
        'dir/a',
        'dir/b',
        'dir/sub/x',
        'dir/sub/y',
        'dir/sub2/z',
        'dir/subway',
        'top',
      ],
      prefixes: ['dir-', 'x-'],
      isTruncated: false,
    },
  ],
  [
    'startAfter a common prefix skips everything under it',
    { delimiter: '/', startAfter: 'dir/' },
    { keys: ['top', 'x-y-z'], prefixes: [], isTruncated: false },
  ],
  [
    'startAfter inside a prefix skips that prefix too',
    { prefix: 'dir/', delimiter: '/', startAfter: 'dir/sub/x' },
    { keys: ['dir/subway'], prefixes: ['dir/sub2/'], isTruncated: false },
  ],
  [
    'startAfter before the prefix starts at the prefix',
    { prefix: 'dir/', startAfter: 'a' },
    {
      keys: ['dir/a', 'dir/b', 'dir/sub/x', 'dir/sub/y', 'dir/sub2/z', 'dir/subway'],
      prefixes: [],
      isTruncated: false,
    },
  ],
  [
    'startAfter past the prefix lists nothing',
    { prefix: 'dir/', startAfter: 'e' },
    { keys: [], prefixes: [], isTruncated: false },
  ],
  ['a prefix matching nothing', { prefix: 'nope' }, { keys: [], prefixes: [], isTruncated: false }],
  [
    'maxKeys counts keys and prefixes together',
    { delimiter: '/', maxKeys: 4 },
    {
      keys: ['dir--two--more', 'dir--two--parts'],
      prefixes: ['dir /', 'dir!/'],
      isTruncated: true,
      nextStartAfter: 'dir--two--parts',
    },
  ],
  [
    'truncated on a common prefix',
    { delimiter: '/', maxKeys: 6 },
    {
      keys: ['dir--two--more', 'dir--two--parts', 'dir.txt'],
      prefixes: ['dir /', 'dir!/', 'dir/'],
      isTruncated: true,
      nextStartAfter: 'dir/',
    },
  ],
  [
    'maxKeys equal to the count is not truncated',
    { prefix: 'dir/sub/', maxKeys: 2 },
    { keys: ['dir/sub/x', 'dir/sub/y'], prefixes: [], isTruncated: false },
  ],
]

function pageOf(result: Awaited<ReturnType<ObjectLayer['listObjects']>>): ExpectedPage {
  const page: ExpectedPage = {
    keys: result.objects.map((o) => o.key),
    prefixes: result.commonPrefixes,
    isTruncated: result.isTruncated,
  }
  if (result.nextStartAfter !== undefined) page.nextStartAfter = result.nextStartAfter
  return page
}

/** Every page of a listing, following nextStartAfter. */
async function listAllPages(backend: ObjectLayer, bucket: string, query: Query) {
  const keys: string[] = []
  const prefixes: string[] = []
  let pages = 0
  let startAfter = query.startAfter
  for (;;) {
    const result = await backend.listObjects({ ...query, bucket, startAfter })
    pages++
    keys.push(...result.objects.map((o) => o.key))
    prefixes.push(...result.commonPrefixes)
    if (!result.isTruncated) return { keys, prefixes, pages }
    expect(result.nextStartAfter).toBeDefined()
    startAfter = result.nextStartAfter
  }
}

/** ListObjects: order, prefix, delimiter, startAfter, maxKeys, paging. */
export function describeListing(open: OpenStorage): void {
  describe('listing', () => {
    const storage = useStorage(open)
    const load = async (keys: string[]) => {
      await storage().backend.createBucket(BUCKET, '')
      await Promise.all(keys.map((key) => putText(storage().backend, BUCKET, key, key)))
      return storage().backend
    }

    it('orders keys by their UTF-8 bytes', async () => {
      const backend = await load([...ORDERED_KEYS].reverse())
      const listed = (await backend.listObjects({ bucket: BUCKET })).objects.map((o) => o.key)
      expect(listed).toEqual(ORDERED_KEYS)
    })

    it.each(TABLE)('%s', async (_, query, expected) => {
      const backend = await load(TREE_KEYS)
      expect(pageOf(await backend.listObjects({ bucket: BUCKET, ...query }))).toEqual(expected)
      expect(modelListObjects(TREE_KEYS, query)).toEqual(expected)
    })

    it('returns object metadata in listings', async () => {
      const backend = await load(['k'])
      const [listed] = (await backend.listObjects({ bucket: BUCKET })).objects
      expect(listed).toEqual(await backend.headObject(BUCKET, 'k'))
    })

    it('caps maxKeys at 1000', async () => {
      const keys = Array.from({ length: 1005 }, (_, i) => `k${i}`)
      const backend = await load(keys)
      const page = await backend.listObjects({ bucket: BUCKET, maxKeys: 5000 })
      expect(page.objects).toHaveLength(1000)
      expect(page.isTruncated).toBe(true)
    })
  })
  describeLargeListing(open)
}

// 2,500 keys shaped like a tree: flat files, big "folders", and non-ASCII names.
const LARGE_KEYS = Array.from({ length: 2500 }, (_, i) => {
  const n = String(i).padStart(4, '0')
  if (i % 5 === 0) return `flat-${n}`
  if (i % 5 === 1) return `big/${n}`
  if (i % 5 === 2) return `big/sub${i % 7}/${n}`
  if (i % 5 === 3) return `ünï/${n}.txt`
  return `d${i % 13}/e${i % 3}/${n}`
})

const PAGING: [string, Query][] = [
  ['all keys, default page size', {}],
  ['all keys, pages of 7', { maxKeys: 7 }],
  ["'/' at the top, pages of 3", { delimiter: '/', maxKeys: 3 }],
  ["'/' under big/, pages of 100", { prefix: 'big/', delimiter: '/', maxKeys: 100 }],
  ["'/' under d1, mid-segment prefix", { prefix: 'd1', delimiter: '/', maxKeys: 2 }],
  ["'e' as delimiter", { delimiter: 'e', maxKeys: 50 }],
  ["'/sub' as delimiter", { prefix: 'big', delimiter: '/sub', maxKeys: 250 }],
  ['startAfter in the middle', { startAfter: 'big/sub3/', maxKeys: 333 }],
]

function describeLargeListing(open: OpenStorage): void {
  describe('listing 2,500 keys', () => {
    let backend: ObjectLayer
    let cleanup: () => Promise<void>
    beforeAll(async () => {
      const opened = await open()
      backend = opened.backend
      cleanup = opened.cleanup
      await backend.createBucket(BUCKET, '')
      for (let i = 0; i < LARGE_KEYS.length; i += 250) {
        await Promise.all(LARGE_KEYS.slice(i, i + 250).map((key) => putText(backend, BUCKET, key, 'x')))
      }
      return () => cleanup()
    }, 120_000)

    it.each(PAGING)('pages through %s and sees what the model sees', async (_, query) => {
      const paged = await listAllPages(backend, BUCKET, query)
      const everything = fullModel(query)
      expect(paged.keys).toEqual(everything.keys)
      expect(paged.prefixes).toEqual(everything.prefixes)
      const perPage = Math.min(query.maxKeys ?? 1000, 1000)
      expect(paged.pages).toBe(Math.max(1, Math.ceil(everything.count / perPage)))
    })

    it('matches the model page by page', async () => {
      const query: Query = { delimiter: '/', maxKeys: 2 }
      let startAfter: string | undefined
      for (let page = 0; page < 10; page++) {
        const got = await backend.listObjects({ bucket: BUCKET, ...query, startAfter })
        expect(pageOf(got)).toEqual(modelListObjects(LARGE_KEYS, { ...query, startAfter }))
        startAfter = got.nextStartAfter
      }
    })
  })
}

/** The whole listing (no maxKeys cap) per the model. */
function fullModel(query: Query): { keys: string[]; prefixes: string[]; count: number } {
  let startAfter = query.startAfter
  const keys: string[] = []
  const prefixes: string[] = []
  for (;;) {
    const page = modelListObjects(LARGE_KEYS, { ...query, startAfter, maxKeys: 1000 })
    keys.push(...page.keys)
    prefixes.push(...page.prefixes)
    if (!page.isTruncated) return { keys, prefixes, count: keys.length + prefixes.length }
    startAfter = page.nextStartAfter
  }
}
