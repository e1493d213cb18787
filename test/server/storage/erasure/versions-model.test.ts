/**
 * The erasure set keeps versions as one drive does (issue 14): the same random operations —
 * versioned, null-version and unversioned writes, delete markers, deletes by version ID, copies
 * from a version, metadata updates — run on a single drive and on erasure sets, and every
 * ListObjectVersions page walk (paged by 1..4, with and without a delimiter), ListObjects and read
 * must match, version IDs mapped between the two.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ObjectLayer, VersioningState } from '../../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'
import { bodyOf, readAll } from './fixtures.js'
import { openTempErasure } from './harness.js'

const bucket = 'model'
const KEYS = ['a', 'a/b', 'a/c', 'b', 'c/d/e']

/** A small seeded generator: a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

interface Pair {
  one: ObjectLayer
  ec: ObjectLayer
  /** Erasure version ID → the single drive's ID of the same version. */
  ids: Map<string, string>
}

async function walkVersions(backend: ObjectLayer, maxKeys: number, delimiter?: string) {
  const seen: string[] = []
  let keyMarker: string | undefined
  let versionIdMarker: string | undefined
  for (let page = 0; page < 100; page++) {
    const result = await backend.listObjectVersions!({
      bucket,
      delimiter,
      keyMarker,
      versionIdMarker,
      maxKeys,
    })
    for (const v of result.versions) {
      seen.push(
        `${v.key} v=${v.versionId} ${v.isLatest ? 'latest' : '-'} ${v.deleteMarker ? 'marker' : v.etag}`,
      )
    }
    for (const p of result.commonPrefixes) seen.push(`prefix ${p}`)
    seen.push(`page ${result.versions.length + result.commonPrefixes.length}`)
    if (!result.isTruncated) return seen
    keyMarker = result.nextKeyMarker
    versionIdMarker = result.nextVersionIdMarker
  }
  throw new Error('the listing never ended')
}

async function expectSame(pair: Pair, maxKeys: number, delimiter?: string): Promise<void> {
  const mapIds = (line: string) =>
    line.replace(/v=([0-9a-f]{32})/g, (_, id: string) => `v=${pair.ids.get(id) ?? `unmapped:${id}`}`)
  const ec = (await walkVersions(pair.ec, maxKeys, delimiter)).map(mapIds)
  expect(ec).toEqual(await walkVersions(pair.one, maxKeys, delimiter))
  const list = async (b: ObjectLayer) =>
    (await b.listObjects({ bucket })).objects.map(
      (o) => `${o.key} ${o.etag} ${o.headers['x-amz-meta-n'] ?? ''}`,
    )
  expect(await list(pair.ec)).toEqual(await list(pair.one))
}

/** Runs one random operation on both backends and records the version IDs they made. */
async function step(pair: Pair, next: () => number, phase: VersioningState | undefined): Promise<void> {
  const key = KEYS[Math.floor(next() * KEYS.length)]!
  const pick = next()
  const both = async <T>(fn: (b: ObjectLayer) => Promise<T>): Promise<[T, T]> => [
    await fn(pair.one),
    await fn(pair.ec),
  ]
  // deleteObject may resolve with nothing (an unversioned delete).
  const remember = (oneResult: unknown, ecResult: unknown) => {
    const one = oneResult as { versionId?: string } | undefined
    const ec = ecResult as { versionId?: string } | undefined
    if (ec?.versionId && one?.versionId) pair.ids.set(ec.versionId, one.versionId)
  }
  if (pick < 0.45 || phase === undefined) {
    const text = `${key} ${Math.floor(next() * 4)}`
    const [one, ec] = await both((b) =>
      b.putObject({ bucket, key, body: bodyOf(Buffer.from(text)), versioning: phase }),
    )
    remember(one, ec)
  } else if (pick < 0.65) {
    const [one, ec] = await both((b) => b.deleteObject(bucket, key, { versioning: phase }))
    remember(one, ec)
  } else if (pick < 0.8) {
    // A version the key has (any of them), removed by its ID on both.
    const listed = (await pair.ec.listObjectVersions!({ bucket, prefix: key })).versions.filter(
      (v) => v.key === key,
    )
    if (listed.length === 0) return
    const ecId = listed[Math.floor(next() * listed.length)]!.versionId!
    const oneId = ecId === 'null' ? 'null' : pair.ids.get(ecId)!
    await pair.one.deleteObject(bucket, key, { versionId: oneId })
    await pair.ec.deleteObject(bucket, key, { versionId: ecId })
  } else if (pick < 0.9) {
    // Restore an older version by copying it onto the key (or another key).
    const listed = (await pair.ec.listObjectVersions!({ bucket, prefix: key })).versions.filter(
      (v) => v.key === key && !v.deleteMarker,
    )
    if (listed.length === 0) return
    const ecId = listed[Math.floor(next() * listed.length)]!.versionId!
    const oneId = ecId === 'null' ? 'null' : pair.ids.get(ecId)!
    const target = KEYS[Math.floor(next() * KEYS.length)]!
    const copy = (b: ObjectLayer, id: string) =>
      b.copyObject({
        sourceBucket: bucket,
        sourceKey: key,
        sourceVersionId: id,
        bucket,
        key: target,
        versioning: phase,
      })
    remember(await copy(pair.one, oneId), await copy(pair.ec, ecId))
  } else {
    const n = String(Math.floor(next() * 100))
    const update = (b: ObjectLayer) =>
      b.updateObjectMetadata!(bucket, key, undefined, (headers) => ({ ...headers, 'x-amz-meta-n': n })).then(
        () => 'updated',
        (error: { code?: string }) => error.code,
      )
    expect(await update(pair.ec)).toBe(await update(pair.one))
  }
}

describe.each([
  ['4 drives (2+2)', 4, {}],
  ['6 drives (4+2), small blocks', 6, { standardParity: 2, blockSize: 4096 + 3 }],
])('erasure versions match one drive: %s', (_, drives, options) => {
  it.each([1, 2, 3, 4, 5])('random operations, seed %i', async (seed) => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-versions-model-'))
    const one = await openSingleDrive(dir, { fsync: false })
    const erasure = await openTempErasure(drives, { fsync: false, ...options })
    const pair: Pair = { one, ec: erasure.backend, ids: new Map() }
    try {
      await one.createBucket(bucket, '')
      await pair.ec.createBucket(bucket, '')
      const next = random(seed)
      // Unversioned first (records without versions), then versioning on, suspended, on again.
      const phases: Array<VersioningState | undefined> = [undefined, 'Enabled', 'Suspended', 'Enabled']
      for (const phase of phases) {
        for (let i = 0; i < 25; i++) await step(pair, next, phase)
        await expectSame(pair, 1000)
        await expectSame(pair, 1 + Math.floor(next() * 4))
        await expectSame(pair, 1 + Math.floor(next() * 4), '/')
      }
      for (const key of KEYS) {
        const read = (b: ObjectLayer) =>
          readAll(b, bucket, key).then(
            (bytes) => bytes.toString(),
            (error: { code?: string }) => error.code,
          )
        expect(await read(pair.ec), key).toBe(await read(pair.one))
      }
    } finally {
      await one.close()
      await rm(dir, { recursive: true, force: true })
      await erasure.cleanup()
    }
  })
})
