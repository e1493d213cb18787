import { describe, expect, it } from 'vitest'
import {
  listMultipartUploadsOfSets,
  listObjectsOfSets,
} from '../../../../src/server/storage/erasure-sets/merged-listings.js'
import { setIndexOf } from '../../../../src/server/storage/erasure-sets.js'
import type { ObjectInfo, ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { modelListObjects } from '../contract/list-model.js'
import { expectObjectPagesLikeModel, expectUploadPagesLikeModel, modelListUploads } from './paging.js'

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
    await expectObjectPagesLikeModel((input) => listObjectsOfSets(sets, input), KEYS, query)
  })

  it.each([
    ['every upload', {}],
    ["'/'", { delimiter: '/' }],
  ])('pages %s of ListMultipartUploads like one listing, at every maxUploads', async (_, query) => {
    const sets = [0, 1, 2].map(fakeUploadSet)
    await expectUploadPagesLikeModel((input) => listMultipartUploadsOfSets(sets, input), UPLOADS, query)
  })
})
