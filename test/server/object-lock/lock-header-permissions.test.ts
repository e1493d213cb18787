import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { md5Base64, s3, send } from '../helpers/signed-request.js'
import { addUser, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'lock-hdr-perm'
const WRITER = { accessKey: 'lockwriter', secretKey: 'lockwriter-secret' }
const RETAINER = { accessKey: 'lockretainer', secretKey: 'lockretainer-secret' }

/**
 * S3 lets a write lock the version it creates (x-amz-object-lock-mode / -retain-until-date,
 * x-amz-object-lock-legal-hold) only for callers allowed s3:PutObjectRetention /
 * s3:PutObjectLegalHold: with s3:PutObject alone, a user could store COMPLIANCE versions nobody,
 * the root included, can remove before their date.
 */
describe.each(BACKENDS)('object lock headers need their permissions (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const until = () => new Date(Date.now() + 86_400_000).toISOString()

  const setup = async (bucket: string) => {
    const made = await s3(backend.server.url, 'PUT', `/${bucket}`, {
      headers: { 'x-amz-bucket-object-lock-enabled': 'true' },
    })
    expect(made.status).toBe(200)
    await s3(backend.server.url, 'PUT', `/${bucket}/src`, { body: 'source' })
    await addUser(backend.server, WRITER, [
      { Effect: 'Allow', Action: ['s3:PutObject', 's3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/*`] },
    ])
    await addUser(backend.server, RETAINER, [
      {
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:GetObject', 's3:PutObjectRetention', 's3:PutObjectLegalHold'],
        Resource: [`arn:aws:s3:::${bucket}/*`],
      },
    ])
  }
  const putAs = (bucket: string, user: typeof WRITER, key: string, headers: Record<string, string>) =>
    s3(backend.server.url, 'PUT', `/${bucket}/${key}`, {
      ...user,
      body: 'data',
      headers: { 'content-md5': md5Base64('data'), ...headers },
    })

  it('PutObject: retention needs s3:PutObjectRetention, legal hold s3:PutObjectLegalHold', async () => {
    const bucket = `${BUCKET}-put`
    await setup(bucket)
    const retention = {
      'x-amz-object-lock-mode': 'COMPLIANCE',
      'x-amz-object-lock-retain-until-date': until(),
    }
    const hold = { 'x-amz-object-lock-legal-hold': 'ON' }
    const denied = await putAs(bucket, WRITER, 'a', retention)
    expect(denied.status).toBe(403)
    expect(denied.text).toContain('s3:PutObjectRetention')
    const deniedHold = await putAs(bucket, WRITER, 'b', hold)
    expect(deniedHold.status).toBe(403)
    expect(deniedHold.text).toContain('s3:PutObjectLegalHold')
    // Nothing was written.
    expect((await s3(backend.server.url, 'HEAD', `/${bucket}/a`)).status).toBe(404)
    expect((await s3(backend.server.url, 'HEAD', `/${bucket}/b`)).status).toBe(404)
    // A plain write still works; the permitted user may lock.
    expect((await putAs(bucket, WRITER, 'c', {})).status).toBe(200)
    expect((await putAs(bucket, RETAINER, 'a', retention)).status).toBe(200)
    expect((await putAs(bucket, RETAINER, 'b', hold)).status).toBe(200)
  })

  it('CopyObject and CreateMultipartUpload: the same permissions', async () => {
    const bucket = `${BUCKET}-copy`
    await setup(bucket)
    const retention = {
      'x-amz-object-lock-mode': 'GOVERNANCE',
      'x-amz-object-lock-retain-until-date': until(),
    }
    const copy = (user: typeof WRITER, headers: Record<string, string>) =>
      s3(backend.server.url, 'PUT', `/${bucket}/copied`, {
        ...user,
        headers: { 'x-amz-copy-source': `/${bucket}/src`, ...headers },
      })
    expect((await copy(WRITER, retention)).status).toBe(403)
    expect((await copy(WRITER, { 'x-amz-object-lock-legal-hold': 'ON' })).status).toBe(403)
    expect((await copy(RETAINER, retention)).status).toBe(200)
    const create = (user: typeof WRITER, headers: Record<string, string>) =>
      s3(backend.server.url, 'POST', `/${bucket}/mp?uploads`, { ...user, headers })
    expect((await create(WRITER, retention)).status).toBe(403)
    expect((await create(WRITER, { 'x-amz-object-lock-legal-hold': 'ON' })).status).toBe(403)
    expect((await create(RETAINER, retention)).status).toBe(200)
  })
})

describe.each(BACKENDS)('object lock form fields need their permissions (%s)', (_name, start) => {
  const backend = useAwsBackend(start, `${BUCKET}-post`)

  it('an anonymous POST Object allowed only s3:PutObject cannot lock what it writes', async () => {
    const bucket = `${BUCKET}-form`
    const made = await s3(backend.server.url, 'PUT', `/${bucket}`, {
      headers: { 'x-amz-bucket-object-lock-enabled': 'true' },
    })
    expect(made.status).toBe(200)
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: ['s3:PutObject'], Resource: [`arn:aws:s3:::${bucket}/*`] },
      ],
    })
    expect((await s3(backend.server.url, 'PUT', `/${bucket}?policy`, { body: policy })).status).toBe(204)
    const post = (key: string, fields: Record<string, string>) => {
      const parts = Object.entries({ key, ...fields }).map(
        ([n, v]) => `--B\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`,
      )
      const file =
        '--B\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--B--\r\n'
      const url = new URL(`/${bucket}`, backend.server.url)
      return send(
        url,
        'POST',
        { host: url.host, 'content-type': 'multipart/form-data; boundary=B' },
        Buffer.from(parts.join('') + file),
      )
    }
    const until = new Date(Date.now() + 86_400_000).toISOString()
    const locked = await post('locked', {
      'x-amz-object-lock-mode': 'COMPLIANCE',
      'x-amz-object-lock-retain-until-date': until,
    })
    expect(locked.status).toBe(403)
    expect(locked.text).toContain('s3:PutObjectRetention')
    expect((await post('held', { 'x-amz-object-lock-legal-hold': 'ON' })).status).toBe(403)
    expect((await s3(backend.server.url, 'HEAD', `/${bucket}/locked`)).status).toBe(404)
    expect((await post('plain', {})).status).toBe(204)
  })
})
