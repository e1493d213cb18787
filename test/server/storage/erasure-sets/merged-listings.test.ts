import { describe, expect, it } from 'vitest'
import {
  listMultipartUploadsOfSets,
  listObjectsOfSets,
} from '../../../../src/server/storage/erasure-sets/merged-listings.js'
import { setIndexOf } from '../../../../src/server/storage/erasure-sets.js'
import type {
  ListObjectsInput,
  ObjectInfo,
  ObjectLayer,
} from '../../../../src/server/storage/object-layer.js'
import { modelListObjects } from '../contract/list-model.js'
import { describeUploadRow, modelListUploads } from './upload-model.js'

// The merge alone, over sets that answer from a model and cut their pages short (as a set whose
// drives' pages end early does): each set's listing must be continued from its own markers
// before anything past the end of its page is taken.
const SETS = 3
const KEYS = [
  ...Array.from({ length: 14 }, (_, i) => `a/${i}`),
  ...Array.from({ length: 9 }, (_, i) => `m${i}`),
  ...Array.from({ length: 6 }, (_, i) => `p/q/${i}`),
  'é',
  '😀',
]
/** At most this many entries per page from set i. */
const CAPS = [1, 2, 3]

const keysOf = (set: number) => KEYS.filter((k) => setIndexOf(k, SETS) === set)

function fakeObjectSet(set: number): Pick<ObjectLayer, 'listObjects'> {
  return {
    listObjects: async (input) => {
      const page = modelListObjects(keysOf(set), {
        ...input,
        maxKeys: Math.min(input.maxKeys ?? 1000, CAPS[set]!),
      })
      return {
        objects: page.keys.map((key) => objectInfo(key)),
        commonPrefixes: page.prefixes,
        isTruncated: page.isTruncated,
        ...(page.nextStartAfter !== undefined ? { nextStartAfter: page.nextStartAfter } : {}),
      }
    },
  }
}

function objectInfo(key: string): ObjectInfo {
  return { bucket: 'b', key, size: 0, etag: '', lastModified: new Date(0), contentType: '', headers: {} }
}

const UPLOADS = KEYS.flatMap((key, i) =>
  (i % 3 === 0 ? [`${i}0`, `${i}1`] : [`${i}`]).map((id) => ({ key, uploadId: id })),
)

function fakeUploadSet(set: number): Pick<ObjectLayer, 'listMultipartUploads'> {
  const mine = UPLOADS.filter((u) => setIndexOf(u.key, SETS) === set)
  return {
    listMultipartUploads: async (input) => {
      const page = modelListUploads(mine, {
        ...input,
        maxUploads: Math.min(input.maxUploads ?? 1000, CAPS[set]!),
      })
      return {
        uploads: page.rows.flatMap((r) =>
          r.uploadId === undefined
            ? []
            : [
                {
                  bucket: 'b',
                  key: r.name,
                  uploadId: r.uploadId,
                  initiated: new Date(0),
                  contentType: '',
                  headers: {},
                },
              ],
        ),
        commonPrefixes: page.rows.flatMap((r) => (r.uploadId === undefined ? [r.name] : [])),
        isTruncated: page.isTruncated,
        nextKeyMarker: page.next?.keyMarker,
        nextUploadIdMarker: page.next?.uploadIdMarker,
      }
    },
  }
}

describe('merging the listings of several sets', () => {
  it('has keys in every set, and sets that cut their pages at different points', () => {
    for (let set = 0; set < SETS; set++) expect(keysOf(set).length).toBeGreaterThan(CAPS[set]! * 2)
  })

  it.each([
    ['every key', {}],
    ["'/'", { delimiter: '/' }],
  ])('pages %s of ListObjects like one listing of every key, at every maxKeys', async (_, query) => {
    const sets = [0, 1, 2].map(fakeObjectSet)
    for (let maxKeys = 1; maxKeys <= KEYS.length + 1; maxKeys++) {
      let startAfter: string | undefined
      for (let n = 0; ; n++) {
        expect(n).toBeLessThanOrEqual(KEYS.length)
        const input: Omit<ListObjectsInput, 'bucket'> = { ...query, maxKeys, startAfter }
        const page = await listObjectsOfSets(sets, { bucket: 'b', ...input })
        const expected = modelListObjects(KEYS, input)
        expect(
          {
            keys: page.objects.map((o) => o.key),
            prefixes: page.commonPrefixes,
            isTruncated: page.isTruncated,
          },
          `maxKeys ${maxKeys} after ${startAfter}`,
        ).toEqual({ keys: expected.keys, prefixes: expected.prefixes, isTruncated: expected.isTruncated })
        expect(page.nextStartAfter).toBe(expected.nextStartAfter)
        if (!page.isTruncated) break
        startAfter = page.nextStartAfter
      }
    }
  })

  it.each([
    ['every upload', {}],
    ["'/'", { delimiter: '/' }],
  ])('pages %s of ListMultipartUploads like one listing, at every maxUploads', async (_, query) => {
    const sets = [0, 1, 2].map(fakeUploadSet)
    for (let maxUploads = 1; maxUploads <= UPLOADS.length + 1; maxUploads++) {
      let marker: { keyMarker?: string; uploadIdMarker?: string } = {}
      for (let n = 0; ; n++) {
        expect(n).toBeLessThanOrEqual(UPLOADS.length)
        const page = await listMultipartUploadsOfSets(sets, { bucket: 'b', ...query, ...marker, maxUploads })
        const expected = modelListUploads(UPLOADS, { ...query, ...marker, maxUploads })
        const shown = [
          ...page.uploads.map((u) => ({ name: u.key, uploadId: u.uploadId })),
          ...page.commonPrefixes.map((name) => ({ name })),
        ].map(describeUploadRow)
        expect(shown.sort(), `maxUploads ${maxUploads} at ${JSON.stringify(marker)}`).toEqual(
          expected.rows.map(describeUploadRow).sort(),
        )
        expect(page.isTruncated).toBe(expected.isTruncated)
        if (!page.isTruncated) break
        expect({ keyMarker: page.nextKeyMarker, uploadIdMarker: page.nextUploadIdMarker }).toEqual(
          expected.next,
        )
        marker = expected.next!
      }
    }
  })
})
