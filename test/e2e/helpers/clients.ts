import { Agent } from 'node:http'
import type { Readable } from 'node:stream'
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import * as Minio from 'minio'
import { Client } from '../../../src/index.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer } from './server.js'

/**
 * One face over three independent S3 clients, so the same end-to-end flow runs through the
 * Silo SDK, @aws-sdk/client-s3 and minio-js against the Silo server: a bug shared by our SDK
 * and our server cannot hide behind the other two.
 */
export interface S3Face {
  name: string
  makeBucket(bucket: string): Promise<void>
  bucketExists(bucket: string): Promise<boolean>
  listBuckets(): Promise<string[]>
  removeBucket(bucket: string): Promise<void>
  putObject(
    bucket: string,
    key: string,
    body: Buffer | Readable,
    meta?: Record<string, string>,
    size?: number,
  ): Promise<string>
  getObject(bucket: string, key: string): Promise<Buffer>
  statObject(
    bucket: string,
    key: string,
  ): Promise<{ size: number; etag: string; meta: Record<string, string> }>
  removeObject(bucket: string, key: string): Promise<void>
  /** The error code the client surfaces for a failed call. */
  codeOf(err: unknown): string | undefined
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c))
  return Buffer.concat(chunks)
}

const unquote = (etag: string | undefined) => (etag ?? '').replace(/"/g, '')

export function siloFace(server: RunningServer): S3Face {
  const c = new Client({
    endPoint: server.host,
    port: server.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  })
  return {
    name: 'silo',
    makeBucket: (b) => c.makeBucket(b),
    bucketExists: (b) => c.bucketExists(b),
    listBuckets: async () => (await c.listBuckets()).map((b) => b.name),
    removeBucket: (b) => c.removeBucket(b),
    putObject: async (b, k, body, meta, size) => (await c.putObject(b, k, body, size, meta)).etag,
    getObject: async (b, k) => collect(await c.getObject(b, k)),
    statObject: async (b, k) => {
      const s = await c.statObject(b, k)
      return { size: s.size, etag: s.etag, meta: s.metaData as Record<string, string> }
    },
    removeObject: (b, k) => c.removeObject(b, k),
    codeOf: (e) => (e as { code?: string }).code,
  }
}

export function awsFace(server: RunningServer): S3Face {
  const s3 = new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
  })
  return {
    name: 'aws-sdk',
    makeBucket: async (b) => void (await s3.send(new CreateBucketCommand({ Bucket: b }))),
    bucketExists: async (b) => {
      try {
        await s3.send(new HeadBucketCommand({ Bucket: b }))
        return true
      } catch (e) {
        if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false
        throw e
      }
    },
    listBuckets: async () =>
      ((await s3.send(new ListBucketsCommand({}))).Buckets ?? []).map((b) => b.Name ?? ''),
    removeBucket: async (b) => void (await s3.send(new DeleteBucketCommand({ Bucket: b }))),
    putObject: async (b, k, body, meta, size) => {
      const contentLength = Buffer.isBuffer(body) ? body.length : size
      const userMeta = Object.fromEntries(
        Object.entries(meta ?? {})
          .filter(([m]) => m.toLowerCase().startsWith('x-amz-meta-'))
          .map(([m, v]) => [m.slice('x-amz-meta-'.length), v]),
      )
      const contentType = meta?.['Content-Type']
      const out = await s3.send(
        new PutObjectCommand({
          Bucket: b,
          Key: k,
          Body: body,
          ContentLength: contentLength,
          Metadata: userMeta,
          ContentType: contentType,
        }),
      )
      return unquote(out.ETag)
    },
    getObject: async (b, k) => {
      const out = await s3.send(new GetObjectCommand({ Bucket: b, Key: k }))
      return collect(out.Body as Readable)
    },
    statObject: async (b, k) => {
      const out = await s3.send(new HeadObjectCommand({ Bucket: b, Key: k }))
      const meta: Record<string, string> = { ...(out.Metadata ?? {}) }
      if (out.ContentType) meta['content-type'] = out.ContentType
      return { size: out.ContentLength ?? -1, etag: unquote(out.ETag), meta }
    },
    removeObject: async (b, k) => void (await s3.send(new DeleteObjectCommand({ Bucket: b, Key: k }))),
    codeOf: (e) => (e as { Code?: string; name?: string }).Code ?? (e as { name?: string }).name,
  }
}

export function minioFace(server: RunningServer): S3Face {
  const m = new Minio.Client({
    endPoint: server.host,
    port: server.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
    region: 'us-east-1',
    transportAgent: new Agent({ keepAlive: true }),
  })
  return {
    name: 'minio-js',
    makeBucket: (b) => m.makeBucket(b),
    bucketExists: (b) => m.bucketExists(b),
    listBuckets: async () => (await m.listBuckets()).map((b) => b.name),
    removeBucket: (b) => m.removeBucket(b),
    putObject: async (b, k, body, meta, size) =>
      (await m.putObject(b, k, body, Buffer.isBuffer(body) ? body.length : size, meta)).etag,
    getObject: async (b, k) => collect(await m.getObject(b, k)),
    statObject: async (b, k) => {
      const s = await m.statObject(b, k)
      return { size: s.size, etag: s.etag, meta: s.metaData as Record<string, string> }
    },
    removeObject: (b, k) => m.removeObject(b, k),
    codeOf: (e) => (e as { code?: string }).code,
  }
}

export const FACES = [siloFace, awsFace, minioFace]
