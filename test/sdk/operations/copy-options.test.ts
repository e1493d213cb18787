/**
 * CopySourceOptions / CopyDestinationOptions: headers and validation next to minio-js 8's own
 * classes with the same fields, and the SSE-C key headers minio-js cannot send.
 */
import { createHash } from 'node:crypto'
import * as Minio from 'minio'
import { describe, expect, it } from 'vitest'
import {
  CopyDestinationOptions,
  CopySourceOptions,
  ENCRYPTION_TYPES,
  type ICopyDestinationOptions,
  type ICopySourceOptions,
} from '../../../src/index.js'

const KEY = Buffer.alloc(32, 7).toString('base64')
const KEY_MD5 = createHash('md5').update(Buffer.alloc(32, 7)).digest('base64')
const lower = (h: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]))

function thrown(run: () => unknown): { name: string; message: string } | undefined {
  try {
    run()
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message }
  }
  return undefined
}

describe('CopySourceOptions', () => {
  const same: ICopySourceOptions[] = [
    { Bucket: 'photos', Object: 'a.jpg' },
    { Bucket: 'photos', Object: 'dir/a.jpg', VersionID: 'v1', MatchETag: 'e1', NoMatchETag: 'e2' },
    {
      Bucket: 'photos',
      Object: 'a.jpg',
      MatchModifiedSince: 'Sat, 01 Jan 2000 00:00:00 GMT',
      MatchUnmodifiedSince: 'Sun, 02 Jan 2000 00:00:00 GMT',
    },
  ]
  for (const fields of same) {
    it(`sends the headers minio-js sends for ${JSON.stringify(fields)}`, () => {
      expect(new CopySourceOptions(fields).getHeaders()).toEqual(
        new Minio.CopySourceOptions(fields as never).getHeaders(),
      )
    })
  }

  it('escapes a key minio-js would send raw (?, #, +, spaces)', () => {
    const headers = new CopySourceOptions({ Bucket: 'photos', Object: 'a b?c#d+e.jpg' }).getHeaders()
    expect(headers['x-amz-copy-source']).toBe('photos/a%20b%3Fc%23d%2Be.jpg')
  })

  it('sends the copy-source SSE-C key headers, with the key MD5 computed', () => {
    const headers = new CopySourceOptions({
      Bucket: 'photos',
      Object: 'a.jpg',
      Encryption: { type: ENCRYPTION_TYPES.SSEC, SSECustomerKey: KEY },
    }).getHeaders()
    expect(headers).toMatchObject({
      'x-amz-copy-source-server-side-encryption-customer-algorithm': 'AES256',
      'x-amz-copy-source-server-side-encryption-customer-key': KEY,
      'x-amz-copy-source-server-side-encryption-customer-key-md5': KEY_MD5,
    })
  })

  const invalid: ICopySourceOptions[] = [
    { Bucket: 'Bad_Bucket', Object: 'a' },
    { Bucket: 'photos', Object: '' },
    { Bucket: 'photos', Object: 'a', MatchRange: true, Start: 5, End: 2 },
    { Bucket: 'photos', Object: 'a', Start: -1 },
    { Bucket: 'photos', Object: 'a', MatchRange: true, Start: 0, End: 'x' as never },
  ]
  for (const fields of invalid) {
    it(`refuses ${JSON.stringify(fields)} as minio-js does`, () => {
      const silo = thrown(() => new CopySourceOptions(fields).validate())
      expect(silo).toBeDefined()
      expect(silo).toEqual(thrown(() => new Minio.CopySourceOptions(fields as never).validate()))
    })
  }
})

describe('CopyDestinationOptions', () => {
  const same: ICopyDestinationOptions[] = [
    { Bucket: 'photos', Object: 'b.jpg' },
    { Bucket: 'photos', Object: 'b.jpg', UserMetadata: { owner: 'ana', n: 2 }, MetadataDirective: 'REPLACE' },
    { Bucket: 'photos', Object: 'b.jpg', UserTags: { z: 'last one', a: 'x&y' } },
    { Bucket: 'photos', Object: 'b.jpg', UserTags: 'a=1&b=2' },
    {
      Bucket: 'photos',
      Object: 'b.jpg',
      Mode: 'GOVERNANCE',
      RetainUntilDate: '2030-01-01T00:00:00Z',
      LegalHold: 'ON',
    },
    { Bucket: 'photos', Object: 'b.jpg', Headers: { 'Cache-Control': 'no-cache' } },
  ]
  for (const fields of same) {
    it(`sends the headers minio-js sends for ${JSON.stringify(fields)}`, () => {
      expect(new CopyDestinationOptions(fields).getHeaders()).toEqual(
        new Minio.CopyDestinationOptions(fields as never).getHeaders(),
      )
    })
  }

  it('sends SSE-C key headers for an SSE-C destination with its key, AES256 without one', () => {
    const withKey = new CopyDestinationOptions({
      Bucket: 'photos',
      Object: 'b.jpg',
      Encryption: { type: 'SSE-C', SSECustomerKey: KEY },
    }).getHeaders()
    expect(lower(withKey)).toEqual({
      'x-amz-server-side-encryption-customer-algorithm': 'AES256',
      'x-amz-server-side-encryption-customer-key': KEY,
      'x-amz-server-side-encryption-customer-key-md5': KEY_MD5,
    })
    const minioForm = new CopyDestinationOptions({
      Bucket: 'photos',
      Object: 'b.jpg',
      Encryption: { type: 'SSE-C' },
    })
    expect(minioForm.getHeaders()).toEqual({ 'x-amz-server-side-encryption': 'AES256' })
  })

  it('sends the KMS algorithm and key id', () => {
    const headers = new CopyDestinationOptions({
      Bucket: 'photos',
      Object: 'b.jpg',
      Encryption: { type: 'KMS', SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'key-1' },
    }).getHeaders()
    expect(headers).toEqual({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': 'key-1',
    })
  })

  const invalid: ICopyDestinationOptions[] = [
    { Bucket: 'Bad_Bucket', Object: 'a' },
    { Bucket: 'photos', Object: '' },
    { Bucket: 'photos', Object: 'a', Mode: 'FOREVER' as never },
    { Bucket: 'photos', Object: 'a', UserMetadata: 'owner=ana' as never },
  ]
  for (const fields of invalid) {
    it(`refuses ${JSON.stringify(fields)} as minio-js does`, () => {
      const silo = thrown(() => new CopyDestinationOptions(fields).validate())
      expect(silo).toBeDefined()
      expect(silo).toEqual(thrown(() => new Minio.CopyDestinationOptions(fields as never).validate()))
    })
  }

  it('refuses an Encryption without a known type', () => {
    const fields = { Bucket: 'photos', Object: 'a', Encryption: { type: 'ROT13' } as never }
    expect(thrown(() => new CopyDestinationOptions(fields).validate())).toMatchObject({
      name: 'InvalidObjectNameError',
    })
  })
})
