import { PutObjectCommand } from '@aws-sdk/client-s3'
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { ROOT } from '../helpers/test-server.js'
import { useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'withmeta'

interface ListedWithMetadata {
  name: string
  metadata: Record<string, string> | null
  tags: Record<string, string>
}

/** MinIO's ListObjectsV2 extension `metadata=true` (issue 14), as minio-js reads it. */
describe.each(BACKENDS)('ListObjectsV2 metadata=true (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('lists user metadata, content type and tags per object, only when asked', async () => {
    await backend.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'dir/a.txt',
        Body: 'a',
        ContentType: 'text/plain',
        Metadata: { color: 'blue & green' },
        Tagging: 'team=core&tier=gold',
      }),
    )
    await backend.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'dir/b', Body: 'b' }))
    const plain = await s3(backend.server.url, 'GET', `/${BUCKET}?list-type=2`)
    expect(plain.text).not.toContain('UserMetadata')
    const raw = await s3(backend.server.url, 'GET', `/${BUCKET}?list-type=2&metadata=true`)
    expect(raw.text).toContain(
      '<UserMetadata><X-Amz-Meta-Color>blue &amp; green</X-Amz-Meta-Color><content-type>text/plain</content-type></UserMetadata><UserTags>team=core&amp;tier=gold</UserTags>',
    )
    const url = new URL(backend.server.url)
    const minio = new Minio.Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
      region: 'us-east-1',
    })
    const listed: ListedWithMetadata[] = []
    const stream = minio.extensions.listObjectsV2WithMetadata(BUCKET, 'dir/', true, '')
    for await (const item of stream) listed.push(item as ListedWithMetadata)
    expect(listed.map((o) => [o.name, o.metadata, o.tags])).toEqual([
      [
        'dir/a.txt',
        { 'X-Amz-Meta-Color': 'blue & green', 'content-type': 'text/plain' },
        { team: 'core', tier: 'gold' },
      ],
      ['dir/b', { 'content-type': 'application/octet-stream' }, {}],
    ])
  })
})
