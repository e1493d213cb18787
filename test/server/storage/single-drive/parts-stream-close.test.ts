import { readdir, readlink } from 'node:fs/promises'
import { afterEach, expect, it } from 'vitest'
import { bodyOf, patternBytes } from '../contract/helpers.js'
import { openTempDrive } from './harness.js'

let drive: Awaited<ReturnType<typeof openTempDrive>> | undefined
afterEach(async () => {
  await drive?.cleanup()
  drive = undefined
})

/** Descriptors of this process open on files under `dir` (Linux /proc). */
async function openUnder(dir: string): Promise<number> {
  let count = 0
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '')
    if (target.startsWith(dir)) count++
  }
  return count
}

it.runIf(process.platform === 'linux')(
  'a multipart object read that is destroyed before its first byte closes its part files',
  async () => {
    drive = await openTempDrive({ fsync: false })
    const backend = drive.backend
    await backend.createBucket('b', '')
    const upload = await backend.createMultipartUpload({ bucket: 'b', key: 'm' })
    const parts = []
    for (const n of [1, 2, 3]) {
      const bytes = patternBytes(n === 3 ? 1000 : 5 * 1024 * 1024, n)
      parts.push(
        await backend.uploadPart({
          bucket: 'b',
          key: 'm',
          uploadId: upload.uploadId,
          partNumber: n,
          body: bodyOf(bytes),
        }),
      )
    }
    await backend.completeMultipartUpload({ bucket: 'b', key: 'm', uploadId: upload.uploadId, parts })
    const before = await openUnder(drive.dir)
    const { body } = await backend.getObject('b', 'm')
    expect(await openUnder(drive.dir)).toBe(before + 3)
    body.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await openUnder(drive.dir)).toBe(before)
  },
)
