import { afterEach, expect, it } from 'vitest'
import { READ_CHUNK_SIZE } from '../../../../src/server/storage/single-drive/open-data-file.js'
import { bodyOf, patternBytes } from '../contract/helpers.js'
import { openTempDrive } from './harness.js'

let drive: Awaited<ReturnType<typeof openTempDrive>> | undefined
afterEach(async () => {
  await drive?.cleanup()
  drive = undefined
})

async function chunkSizes(body: AsyncIterable<Uint8Array>): Promise<number[]> {
  const sizes: number[] = []
  for await (const chunk of body) sizes.push(chunk.length)
  return sizes
}

it('reads data files in 1 MiB chunks (whole objects, ranges and multipart parts), not 64 KiB', async () => {
  drive = await openTempDrive({ fsync: false })
  const backend = drive.backend
  await backend.createBucket('bucket', '')
  const bytes = patternBytes(3 * READ_CHUNK_SIZE + 5)
  await backend.putObject({
    bucket: 'bucket',
    key: 'big',
    body: bodyOf(bytes, 64 * 1024),
    size: bytes.length,
  })

  const small = patternBytes(200 * 1024)
  await backend.putObject({
    bucket: 'bucket',
    key: 'small',
    body: bodyOf(small, 64 * 1024),
    size: small.length,
  })
  expect(await chunkSizes((await backend.getObject('bucket', 'small')).body)).toEqual([small.length])

  const whole = await backend.getObject('bucket', 'big')
  expect(await chunkSizes(whole.body)).toEqual([READ_CHUNK_SIZE, READ_CHUNK_SIZE, READ_CHUNK_SIZE, 5])
  const range = await backend.getObject('bucket', 'big', { start: 7, end: 2 * READ_CHUNK_SIZE + 6 })
  expect(await chunkSizes(range.body)).toEqual([READ_CHUNK_SIZE, READ_CHUNK_SIZE])

  const upload = await backend.createMultipartUpload({ bucket: 'bucket', key: 'multi' })
  const part = await backend.uploadPart({
    bucket: 'bucket',
    key: 'multi',
    uploadId: upload.uploadId,
    partNumber: 1,
    body: bodyOf(bytes, 64 * 1024),
    size: bytes.length,
  })
  await backend.completeMultipartUpload({
    bucket: 'bucket',
    key: 'multi',
    uploadId: upload.uploadId,
    parts: [{ partNumber: 1, etag: part.etag }],
  })
  const multi = await backend.getObject('bucket', 'multi')
  expect(await chunkSizes(multi.body)).toEqual([READ_CHUNK_SIZE, READ_CHUNK_SIZE, READ_CHUNK_SIZE, 5])
})
