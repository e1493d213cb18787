import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { addUser, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'tag-hdr-perm'
const PLAIN = { accessKey: 'tagplainwriter', secretKey: 'tagplainwriter-secret' }
const NO_SECRET = { accessKey: 'tagnosecret', secretKey: 'tagnosecret-secret' }
const OBJECTS = `arn:aws:s3:::${BUCKET}/*`

/**
 * Tags set by a write (x-amz-tagging on PutObject / CreateMultipartUpload, CopyObject with
 * x-amz-tagging-directive REPLACE) need s3:PutObjectTagging as on S3: otherwise a Deny of
 * s3:PutObjectTagging (on some tag keys, say) is passed by writing the object again with the tags.
 */
describe.each(BACKENDS)('x-amz-tagging needs s3:PutObjectTagging (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('refuses tags on writes by callers not allowed to tag, and a Deny on tag keys holds', async () => {
    await s3(backend.server.url, 'PUT', `/${BUCKET}/src`, { body: 'src' })
    await addUser(backend.server, PLAIN, [
      { Effect: 'Allow', Action: ['s3:PutObject', 's3:GetObject'], Resource: [OBJECTS] },
    ])
    await addUser(backend.server, NO_SECRET, [
      {
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:GetObject', 's3:PutObjectTagging'],
        Resource: [OBJECTS],
      },
      {
        Effect: 'Deny',
        Action: ['s3:PutObjectTagging'],
        Resource: [OBJECTS],
        Condition: { 'ForAnyValue:StringEquals': { 's3:RequestObjectTagKeys': ['secret'] } },
      },
    ])
    const put = (user: typeof PLAIN, key: string, headers: Record<string, string>) =>
      s3(backend.server.url, 'PUT', `/${BUCKET}/${key}`, { ...user, body: 'x', headers })
    const tagged = { 'x-amz-tagging': 'secret=x' }

    const plain = await put(PLAIN, 'a', tagged)
    expect(plain.status).toBe(403)
    expect(plain.text).toContain('s3:PutObjectTagging')
    expect((await put(PLAIN, 'a', {})).status).toBe(200)
    expect((await put(NO_SECRET, 'b', tagged)).status).toBe(403)
    expect((await put(NO_SECRET, 'b', { 'x-amz-tagging': 'env=dev' })).status).toBe(200)
    const copy = (user: typeof PLAIN, headers: Record<string, string>) =>
      put(user, 'c', { 'x-amz-copy-source': `/${BUCKET}/src`, ...headers })
    expect((await copy(PLAIN, { 'x-amz-tagging-directive': 'REPLACE', ...tagged })).status).toBe(403)
    expect((await copy(NO_SECRET, { 'x-amz-tagging-directive': 'REPLACE', ...tagged })).status).toBe(403)
    const create = await s3(backend.server.url, 'POST', `/${BUCKET}/mp?uploads`, {
      ...NO_SECRET,
      headers: tagged,
    })
    expect(create.status).toBe(403)
    // Nothing tagged 'secret' was written.
    const tags = await s3(backend.server.url, 'GET', `/${BUCKET}/a?tagging`)
    expect(tags.text).not.toContain('secret')
    expect((await s3(backend.server.url, 'HEAD', `/${BUCKET}/b`)).headers['x-amz-tagging-count']).toBe('1')
  })
})
