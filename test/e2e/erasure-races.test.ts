/**
 * Issue 12 against a real 8-drive `silo server` (defects 1, 10 and 6): racing requests never
 * lose an acknowledged write or answer for the loser anything but what a serial order would,
 * and a drive folder that vanishes under running writes stays gone across a restart and heal.
 * The in-process contract (test/server/storage/contract/bucket-races.ts) runs more rounds; these
 * check the same over HTTP, restart included.
 */
import { rm } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  exists,
  MiB,
  ROOT_PASSWORD,
  ROOT_USER,
  runHeal,
  type SiloProcess,
  startErasureServer,
  statesOf,
} from './helpers/erasure.js'
import { errorCode, type RawResponse, sendSigned } from './helpers/raw-request.js'

cleanUpErasureRuns()

/** One signed request as root. */
function s3(
  server: SiloProcess,
  method: string,
  path: string,
  query?: Record<string, string>,
  body?: string | Uint8Array,
): Promise<RawResponse> {
  return sendSigned(server.url, { method, path, query, body, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD })
}

/** '200', '204', or the status and S3 code of an error ('409 BucketNotEmpty'). */
function answerOf(res: RawResponse): string {
  return res.status < 300 ? String(res.status) : `${res.status} ${errorCode(res.body) ?? '?'}`
}

/** Deterministic ASCII bytes (they survive the raw response's text decoding) for object `i`. */
function bytesOf(round: number, i: number): Buffer {
  return Buffer.alloc(i % 3 === 0 ? 300_000 : 2_000 + i, 97 + ((round * 13 + i) % 26))
}

/** Every acknowledged object reads back byte for byte. */
async function expectReadable(server: SiloProcess, objects: Map<string, Buffer>): Promise<void> {
  for (const [path, bytes] of objects) {
    const res = await fetchObject(server, path)
    expect(res.ok && res.bytes.equals(bytes), `${path} was acknowledged but answers ${res.answer}`).toBe(true)
  }
}

async function fetchObject(server: SiloProcess, path: string) {
  const res = await s3(server, 'GET', path)
  return { ok: res.status === 200, bytes: Buffer.from(res.body), answer: answerOf(res) }
}

describe.skipIf(!CLI_BUILT)('erasure races over HTTP (8 drives)', () => {
  it('DeleteBucket racing 12 PUTs: 204 only when every PUT failed NoSuchBucket, else BucketNotEmpty; acknowledged objects survive a restart', async () => {
    const drives = await createDrives(8)
    let server = await startErasureServer(drives)
    const acknowledged = new Map<string, Buffer>()
    const deleted: string[] = []
    for (let round = 0; round < 8; round++) {
      const bucket = `race-${round}`
      expect(answerOf(await s3(server, 'PUT', `/${bucket}`))).toBe('200')
      const puts = Array.from({ length: 12 }, (_, i) =>
        s3(server, 'PUT', `/${bucket}/k${i}`, undefined, bytesOf(round, i)).then(answerOf),
      )
      await sleep((round * 7) % 26)
      const del = answerOf(await s3(server, 'DELETE', `/${bucket}`))
      const answers = await Promise.all(puts)
      const context = `round ${round}: DELETE ${del}, PUTs ${answers.join(', ')}`
      expect(['204', '409 BucketNotEmpty'], context).toContain(del)
      for (const a of answers) expect(['200', '404 NoSuchBucket'], context).toContain(a)
      if (del === '204') {
        expect(
          answers.filter((a) => a === '200'),
          context,
        ).toEqual([])
        deleted.push(bucket)
      }
      answers.forEach((a, i) => {
        if (a === '200') acknowledged.set(`/${bucket}/k${i}`, bytesOf(round, i))
      })
    }
    await expectReadable(server, acknowledged)
    await server.stop()
    server = await startErasureServer(drives)
    await expectReadable(server, acknowledged)
    for (const bucket of deleted) expect(answerOf(await s3(server, 'HEAD', `/${bucket}`))).toBe('404 ?')
  })

  it('CompleteMultipartUpload racing AbortMultipartUpload: exactly one wins, the other answers 404 NoSuchUpload', async () => {
    const drives = await createDrives(8)
    const server = await startErasureServer(drives)
    expect(answerOf(await s3(server, 'PUT', '/uploads'))).toBe('200')
    for (let round = 0; round < 8; round++) {
      const path = `/uploads/k${round}`
      const created = await s3(server, 'POST', path, { uploads: '' })
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.body)![1]!
      const part = await s3(
        server,
        'PUT',
        path,
        { partNumber: '1', uploadId },
        Buffer.alloc(10_000, 97 + round),
      )
      const etag = part.headers.get('etag')!
      const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${etag}</ETag></Part></CompleteMultipartUpload>`
      const complete = s3(server, 'POST', path, { uploadId }, xml).then(answerOf)
      await sleep(round % 3)
      const abort = s3(server, 'DELETE', path, { uploadId }).then(answerOf)
      const [c, a] = await Promise.all([complete, abort])
      const context = `round ${round}: Complete ${c}, Abort ${a}`
      if (c === '200') expect(a, context).toBe('404 NoSuchUpload')
      else expect([c, a], context).toEqual(['404 NoSuchUpload', '204'])
      const read = await fetchObject(server, path)
      expect(read.ok, context).toBe(c === '200')
    }
  })

  it('drive folders removed under 24 PUTs and a copy stay gone; after a restart they are offline and heal leaves them alone', async () => {
    const drives = await createDrives(8)
    // Drive health is not re-checked between requests, so requests still go to the removed drives.
    let server = await startErasureServer(drives, { SILO_DRIVE_CHECK_MS: '60000' })
    expect(answerOf(await s3(server, 'PUT', '/vanish'))).toBe('200')
    const source = Buffer.alloc(MiB, 'z')
    expect(answerOf(await s3(server, 'PUT', '/vanish/source', undefined, source))).toBe('200')
    const bodies = Array.from({ length: 24 }, (_, i) => Buffer.alloc(MiB + i * 4096, 97 + i))
    const puts = bodies.map((body, i) => s3(server, 'PUT', `/vanish/o${i}`, undefined, body).then(answerOf))
    await sleep(20)
    // Removed under the running writes, as an operator's rm -r would (its retries cover the
    // folders a write makes while rm walks the tree; an old server re-made them after it).
    const gone = drives.paths.slice(0, 2)
    await Promise.all(
      gone.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 5 })),
    )
    // A copy links each drive's shard file into a fan-out folder, made on first use.
    const copy = await sendSigned(server.url, {
      method: 'PUT',
      path: '/vanish/copy',
      headers: { 'x-amz-copy-source': '/vanish/source' },
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    })
    expect(answerOf(copy)).toBe('200')
    const answers = await Promise.all(puts)
    const acknowledged = new Map<string, Buffer>([['/vanish/copy', source]])
    answers.forEach((a, i) => {
      expect(['200', '503 XSiloWriteQuorum'], `PUT o${i}`).toContain(a)
      if (a === '200') acknowledged.set(`/vanish/o${i}`, bodies[i]!)
    })
    for (const dir of gone) expect(await exists(dir), `${dir} was made anew`).toBe(false)
    await server.stop()
    server = await startErasureServer(drives)
    const heal = await runHeal(server, { recursive: true })
    const format = heal.items.find((item) => item.type === 'metadata')!
    expect(statesOf(format, 'after').slice(0, 2)).toEqual(['offline', 'offline'])
    for (const dir of gone) expect(await exists(dir), `${dir} was formatted`).toBe(false)
    await expectReadable(server, acknowledged)
  })
})
