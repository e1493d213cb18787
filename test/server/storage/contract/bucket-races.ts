import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { S3ServerError } from '../../../../src/server/errors.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import type { OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, patternBytes, readAll } from './helpers.js'
import { useStorage } from './use-storage.js'

/** What a racing call answered: ok, or the S3 code it failed with ('!' + message if not S3). */
type Outcome = 'ok' | string

function outcomeOf(settled: PromiseSettledResult<unknown>): Outcome {
  if (settled.status === 'fulfilled') return 'ok'
  const error = settled.reason
  return error instanceof S3ServerError ? error.code : `!${(error as Error).message}`
}

/**
 * Operations that race on one bucket or one upload (issue 12): whatever the interleaving, an
 * acknowledged write stays readable and every loser gets the answer a serial order would give.
 */
export function describeBucketRaces(open: OpenStorage): void {
  describe('races on a bucket or an upload', () => {
    const storage = useStorage(open)

    it('DeleteBucket racing PUTs: either the bucket goes and every PUT fails NoSuchBucket, or BucketNotEmpty and every PUT stays', async () => {
      const rounds = 16
      const acknowledged = new Map<string, Buffer>()
      const deleted: string[] = []
      for (let round = 0; round < rounds; round++) {
        const { backend } = storage()
        const bucket = `race-${round}`
        await backend.createBucket(bucket, '')
        const bodies = Array.from({ length: 12 }, (_, i) =>
          // Small (inline) and file-backed bodies: both kinds of commit race the delete.
          patternBytes(i % 3 === 0 ? 300_000 + i : 1000 + i, round * 100 + i),
        )
        const puts = Promise.allSettled(
          bodies.map((data, i) => backend.putObject({ bucket, key: `k${i}`, body: bodyOf(data, 16_384) })),
        )
        // Before, during and after the commits: a number of event-loop turns (each step of a
        // write is a few), and every few rounds 1-25 ms.
        if (round % 4 === 3) await sleep(((round * 7) % 25) + 1)
        else for (let turn = 0; turn < round * 4; turn++) await new Promise(setImmediate)
        const [del] = await Promise.allSettled([backend.deleteBucket(bucket)])
        const putOutcomes = (await puts).map(outcomeOf)
        const deleteOutcome = outcomeOf(del!)
        const context = `round ${round}: DeleteBucket ${deleteOutcome}, PUTs ${putOutcomes.join(' ')}`
        expect(['ok', 'BucketNotEmpty'], context).toContain(deleteOutcome)
        for (const o of putOutcomes) expect(['ok', 'NoSuchBucket'], context).toContain(o)
        if (deleteOutcome === 'ok') {
          expect(
            putOutcomes.filter((o) => o === 'ok'),
            context,
          ).toEqual([])
          deleted.push(bucket)
        } else {
          expect(
            putOutcomes.filter((o) => o === 'NoSuchBucket'),
            context,
          ).toEqual([])
        }
        putOutcomes.forEach((o, i) => {
          if (o === 'ok') acknowledged.set(`${bucket}/k${i}`, bodies[i]!)
        })
        await expectReadable(backend, acknowledged)
      }
      const reopened = storage().reopen ? await storage().reopen!() : storage().backend
      await expectReadable(reopened, acknowledged)
      for (const bucket of deleted) {
        await expectS3Error(reopened.getBucket(bucket), 'NoSuchBucket')
        // A PUT that lost the race left nothing behind: a new bucket of that name is empty.
        await reopened.createBucket(bucket, '')
        expect((await reopened.listObjects({ bucket })).objects).toEqual([])
      }
      if (storage().countTempFiles) expect(await storage().countTempFiles!()).toBe(0)
    })

    it('CompleteMultipartUpload racing AbortMultipartUpload: exactly one wins, the other answers NoSuchUpload', async () => {
      const { backend } = storage()
      const bucket = 'uploads'
      await backend.createBucket(bucket, '')
      const completed = new Map<string, Buffer>()
      const aborted: string[] = []
      for (let round = 0; round < 16; round++) {
        const key = `k${round}`
        const data = patternBytes(20_000 + round, round + 1)
        const { uploadId } = await backend.createMultipartUpload({ bucket, key })
        const { etag } = await backend.uploadPart({
          bucket,
          key,
          uploadId,
          partNumber: 1,
          body: bodyOf(data),
        })
        const complete = backend.completeMultipartUpload({
          bucket,
          key,
          uploadId,
          parts: [{ partNumber: 1, etag }],
        })
        // Abort starts 0-15 event-loop turns after Complete (or first, every fourth round).
        const abort = (async () => {
          if (round % 4 === 3) return backend.abortMultipartUpload(bucket, key, uploadId)
          for (let turn = 0; turn < round; turn++) await new Promise(setImmediate)
          return backend.abortMultipartUpload(bucket, key, uploadId)
        })()
        const [c, a] = (await Promise.allSettled([complete, abort])).map(outcomeOf)
        const context = `round ${round}: Complete ${c}, Abort ${a}`
        expect([c, a].sort(), context).toEqual(['NoSuchUpload', 'ok'])
        if (c === 'ok') completed.set(`${bucket}/${key}`, data)
        else aborted.push(key)
        await expectS3Error(backend.listParts({ bucket, key, uploadId }), 'NoSuchUpload')
      }
      const reopened = storage().reopen ? await storage().reopen!() : storage().backend
      await expectReadable(reopened, completed)
      for (const key of aborted) await expectS3Error(reopened.headObject(bucket, key), 'NoSuchKey')
      expect((await reopened.listMultipartUploads({ bucket })).uploads).toEqual([])
    })
  })
}

/** Every acknowledged object (`bucket/key` → bytes) reads back whole. */
async function expectReadable(backend: ObjectLayer, objects: Map<string, Buffer>): Promise<void> {
  for (const [name, bytes] of objects) {
    const [bucket, key] = name.split('/') as [string, string]
    const read = await backend.getObject(bucket, key).then(
      async (r) => readAll(r.body),
      (error: unknown) => error,
    )
    expect(Buffer.isBuffer(read) && read.equals(bytes), `${name} was acknowledged but reads as ${read}`).toBe(
      true,
    )
  }
}
