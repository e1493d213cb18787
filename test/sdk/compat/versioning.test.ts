/**
 * Versioning through the Silo SDK and minio-js against a real Silo server (single drive and
 * erasure set): bucket versioning state, version listing with delete markers, versionId on
 * getObject / statObject / removeObject, and removeObjects of named versions give the same results.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import {
  type BucketVersionItem,
  CopyDestinationOptions as SiloCopyDestinationOptions,
  CopySourceOptions as SiloCopySourceOptions,
} from '../../../src/index.js'
import { both, normalise, useCompatServer } from './helpers.js'

async function collect<T>(stream: AsyncIterable<T> | NodeJS.ReadableStream): Promise<T[]> {
  const items: T[] = []
  for await (const item of stream as AsyncIterable<T>) items.push(item)
  return items
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString()
}

// Version IDs and dates differ between two runs; their presence and order do not.
function shape(items: Array<Record<string, unknown>>, ids: string[]): Array<Record<string, unknown>> {
  return items.map((item) => ({
    ...item,
    versionId: typeof item.versionId === 'string' ? `#${ids.indexOf(item.versionId)}` : item.versionId,
    lastModified: item.lastModified instanceof Date ? '<Date>' : item.lastModified,
  }))
}

for (const [backend, drives] of [
  ['single drive', 1],
  ['erasure set', 4],
] as const) {
  describe(`versioning through Silo and minio-js (${backend})`, () => {
    const env = useCompatServer({ drives })

    it('setBucketVersioning / getBucketVersioning: same states and errors', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await env.bucket()
        const before = await c.getBucketVersioning(bucket)
        await c.setBucketVersioning(bucket, { Status: 'Enabled' })
        const enabled = await c.getBucketVersioning(bucket)
        await c.setBucketVersioning(bucket, { Status: 'Suspended' })
        const suspended = await c.getBucketVersioning(bucket)
        const bad = await c
          .setBucketVersioning(bucket, { Status: 'On' } as never)
          .catch((e: { code?: string }) => e.code)
        const missing = await c.getBucketVersioning(`${bucket}-none`).catch((e: { code?: string }) => e.code)
        return { before, enabled, suspended, bad, missing }
      })
      expect(r.silo.ok).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      expect(r.silo.ok && r.silo.value.enabled).toEqual({ Status: 'Enabled' })
      expect(r.silo.ok && r.silo.value.missing).toBe('NoSuchBucket')
    })

    it('versions, delete markers and version IDs: same listing and reads', async () => {
      const r = await both(env, async (c: Minio.Client) => {
        const bucket = await env.bucket()
        await c.setBucketVersioning(bucket, { Status: 'Enabled' })
        const v1 = await c.putObject(bucket, 'doc', 'one')
        const v2 = await c.putObject(bucket, 'doc', 'two!')
        await c.putObject(bucket, 'dir/x', 'x')
        await c.removeObject(bucket, 'doc')
        const ids = [v1.versionId, v2.versionId] as string[]
        const listed = await collect<Record<string, unknown>>(
          c.listObjects(bucket, '', true, { IncludeVersion: true } as never),
        )
        for (const item of listed) {
          if (typeof item.versionId === 'string' && !ids.includes(item.versionId)) ids.push(item.versionId)
        }
        const shallow = await collect<Record<string, unknown>>(
          c.listObjects(bucket, '', false, { IncludeVersion: true } as never),
        )
        const first = await readAll(await c.getObject(bucket, 'doc', { versionId: v1.versionId! }))
        const partial = await readAll(
          await c.getPartialObject(bucket, 'doc', 1, 2, { versionId: v2.versionId! } as never),
        )
        const stat = await c.statObject(bucket, 'doc', { versionId: v1.versionId! })
        const current = await c.statObject(bucket, 'doc').catch((e: { code?: string }) => e.code)
        const noVersion = await c
          .getObject(bucket, 'doc', { versionId: '00000000-0000-0000-0000-000000000000' })
          .catch((e: { code?: string }) => e.code)
        await c.removeObject(bucket, 'doc', { versionId: v1.versionId! })
        const failures = await c.removeObjects(bucket, [{ name: 'doc', versionId: v2.versionId! }])
        const left = await collect<Record<string, unknown>>(
          c.listObjects(bucket, 'doc', true, { IncludeVersion: true } as never),
        )
        return {
          listed: shape(listed, ids),
          shallow: shape(shallow, ids),
          first,
          partial,
          stat: { size: stat.size, versionId: stat.versionId === v1.versionId },
          current,
          noVersion,
          failures,
          left: shape(left, ids),
        }
      })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      if (!r.silo.ok) return
      expect(r.silo.value.first).toBe('one')
      expect(r.silo.value.partial).toBe('wo')
      expect(r.silo.value.listed.filter((i) => i.isDeleteMarker)).toHaveLength(1)
      expect(r.silo.value.left.map((i) => i.isDeleteMarker)).toEqual([true])
    })

    it('copyObject from a version (CopySourceOptions VersionID) and fGetObject of a version', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'silo-versions-'))
      const r = await both(env, async (c: Minio.Client, which) => {
        const bucket = await env.bucket()
        await c.setBucketVersioning(bucket, { Status: 'Enabled' })
        const v1 = await c.putObject(bucket, 'src', 'first')
        await c.putObject(bucket, 'src', 'second')
        // Each client takes its own package's option classes (code imports them with the Client).
        const [Source, Destination] =
          which === 'silo'
            ? [SiloCopySourceOptions, SiloCopyDestinationOptions]
            : [Minio.CopySourceOptions, Minio.CopyDestinationOptions]
        const copied = await c.copyObject(
          new Source({ Bucket: bucket, Object: 'src', VersionID: v1.versionId! }) as Minio.CopySourceOptions,
          new Destination({ Bucket: bucket, Object: 'dst' }) as Minio.CopyDestinationOptions,
        )
        const file = join(dir, `${which}.txt`)
        await c.fGetObject(bucket, 'src', file, { versionId: v1.versionId! })
        return {
          sourceVersion: (copied as { SourceVersionId?: string }).SourceVersionId === v1.versionId,
          copiedVersion: typeof (copied as { VersionId?: string }).VersionId,
          dst: await readAll(await c.getObject(bucket, 'dst')),
          file: await readFile(file, 'utf8'),
        }
      })
      await rm(dir, { recursive: true, force: true })
      expect(r.silo.ok, JSON.stringify(r.silo)).toBe(true)
      expect(normalise(r.silo)).toEqual(normalise(r.minio))
      expect(r.silo.ok && r.silo.value).toMatchObject({ dst: 'first', file: 'first' })
    })

    it('pages through versions with a small MaxKeys: the same versions as one page lists (Silo)', async () => {
      const bucket = await env.bucket()
      await env.silo.setBucketVersioning(bucket, { Status: 'Enabled' })
      for (const key of ['a', 'b', 'c']) {
        await env.silo.putObject(bucket, key, `${key}1`)
        await env.silo.putObject(bucket, key, `${key}2`)
      }
      await env.silo.removeObject(bucket, 'b')
      const list = async (MaxKeys: number) => {
        const items: BucketVersionItem[] = []
        for await (const item of env.silo.listObjects(bucket, '', true, { IncludeVersion: true, MaxKeys })) {
          items.push(item)
        }
        return items
      }
      // Within a page versions come before delete markers (minio-js's reading), so pages of
      // different sizes order a key's delete marker differently: compare as sets.
      const sorted = (items: BucketVersionItem[]) => items.map((i) => JSON.stringify(i)).sort()
      const whole = await list(1000)
      expect(whole).toHaveLength(7)
      expect(whole.filter((i) => i.prefix === undefined && i.isDeleteMarker)).toHaveLength(1)
      expect(sorted(await list(1))).toEqual(sorted(whole))
      expect(sorted(await list(2))).toEqual(sorted(whole))
    })
  })
}
