/**
 * Issue 14, "done when": heal restores all versions. Over HTTP on a 4-drive set (2+2): versions
 * and a delete marker written through the AWS SDK, one drive wiped, `heal -r` gives one item per
 * version (the marker included) and the wiped drive back every one of them: with two other
 * drives away, the version listing and every version read the same as before the wipe.
 */
import { randomBytes } from 'node:crypto'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  describeItem,
  itemsNotOk,
  ROOT_PASSWORD,
  ROOT_USER,
  runHeal,
  startErasureServer,
  statesOf,
  takeOffline,
  wipeDrive,
} from './helpers/erasure.js'

const BUCKET = 'versioned'
cleanUpErasureRuns()

describe.skipIf(!CLI_BUILT)('erasure: heal restores every version', () => {
  it('a wiped drive gets every version and delete marker back; each is a heal item', async () => {
    const drives = await createDrives(4)
    const server = await startErasureServer(drives)
    const s3 = new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
    })
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }))
    await s3.send(
      new PutBucketVersioningCommand({ Bucket: BUCKET, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const bodies = new Map<string, Buffer>()
    for (const size of [20, 300_000, 2_000_000]) {
      const body = randomBytes(size)
      const put = await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'doc', Body: body }))
      bodies.set(put.VersionId!, body)
    }
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'doc' }))
    expect(marker.DeleteMarker).toBe(true)
    const kept = randomBytes(1000)
    const keptPut = await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'kept', Body: kept }))
    bodies.set(keptPut.VersionId!, kept)
    const listing = async () => {
      const page = await s3.send(new ListObjectVersionsCommand({ Bucket: BUCKET }))
      return {
        versions: (page.Versions ?? []).map((v) => `${v.Key} ${v.VersionId} ${v.IsLatest} ${v.ETag}`),
        markers: (page.DeleteMarkers ?? []).map((m) => `${m.Key} ${m.VersionId} ${m.IsLatest}`),
      }
    }
    const before = await listing()
    expect(before.versions).toHaveLength(4)
    expect(before.markers).toEqual([`doc ${marker.VersionId} true`])

    await wipeDrive(drives.paths[1]!)
    const heal = await runHeal(server, { recursive: true })
    expect(heal.summary, heal.detail).toBe('finished')
    const objects = heal.items.filter((item) => item.type === 'object')
    // Three versions and the marker of `doc`, the one version of `kept`.
    expect(objects.map((item) => item.object).sort()).toEqual(['doc', 'doc', 'doc', 'doc', 'kept'])
    for (const item of objects) {
      expect(statesOf(item, 'before')[1], describeItem(item)).toBe('missing')
      expect(statesOf(item, 'after'), describeItem(item)).toEqual(Array(4).fill('ok'))
    }
    const again = await runHeal(server, { recursive: true })
    expect(itemsNotOk(again.items).map(describeItem)).toEqual([])

    // The healed drive and one other (data 2) serve the listing and every version.
    for (const drive of [0, 2].map((i) => drives.paths[i]!)) await takeOffline(drive)
    expect(await listing()).toEqual(before)
    for (const [versionId, body] of bodies) {
      const key = body === kept ? 'kept' : 'doc'
      const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, VersionId: versionId }))
      const bytes = Buffer.from(await got.Body!.transformToByteArray())
      expect(bytes.equals(body), `${key} ${versionId}`).toBe(true)
    }
    await server.stop()
  })
})
