// One small adapter per client library, all with the same shape, so the workload loop is
// identical for every SDK. Every client gets its own keep-alive http.Agent.

import http from 'node:http'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { siloSdkEntry } from './paths.mjs'
import { signedHttpAdapter } from './signed-http.mjs'

const require = createRequire(import.meta.url)

/** The SDKs the bench can drive, in table order. `baseline` is the column ratios divide by. */
export const SDKS = {
  silo: { label: 'Silo SDK' },
  minio: { label: 'minio-js', baseline: true },
  aws: { label: '@aws-sdk/client-s3' },
  http: { label: 'raw node:http' },
  signed: { label: 'signed raw HTTP' },
}

const keepAliveAgent = () => new http.Agent({ keepAlive: true })

/** Creates the adapter for `sdk` talking to `server` ({host, port, accessKey, secretKey, region}). */
export async function createAdapter(sdk, server) {
  return adapters[sdk](server)
}

const adapters = {
  async silo(server) {
    const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
    const client = new Client({
      endPoint: server.host,
      port: server.port,
      useSSL: false,
      accessKey: server.accessKey,
      secretKey: server.secretKey,
      region: server.region,
      transportAgent: keepAliveAgent(),
    })
    return minioShaped(client)
  },
  async minio(server) {
    const Minio = require('minio')
    const client = new Minio.Client({
      endPoint: server.host,
      port: server.port,
      useSSL: false,
      accessKey: server.accessKey,
      secretKey: server.secretKey,
      region: server.region,
      transportAgent: keepAliveAgent(),
    })
    return minioShaped(client)
  },
  async aws(server) {
    const s3 = require('@aws-sdk/client-s3')
    const client = new s3.S3Client({
      endpoint: `http://${server.host}:${server.port}`,
      region: server.region,
      credentials: { accessKeyId: server.accessKey, secretAccessKey: server.secretKey },
      forcePathStyle: true,
      requestHandler: { httpAgent: keepAliveAgent() },
      // Checksums only where S3 requires them: the other clients send no CRC, and this
      // measures the SDK, not an extra CRC32 pass (docs/benchmarks.md, "Fairness").
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    return {
      makeBucket: (bucket) => client.send(new s3.CreateBucketCommand({ Bucket: bucket })),
      put: (bucket, key, body) =>
        client.send(new s3.PutObjectCommand({ Bucket: bucket, Key: key, Body: body })),
      get: async (bucket, key) =>
        drain((await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }))).Body),
      head: (bucket, key) => client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: key })),
    }
  },
  async signed(server) {
    return signedHttpAdapter(server)
  },
  async http(server) {
    const agent = keepAliveAgent()
    const base = { host: server.host, port: server.port, agent }
    return {
      makeBucket: async () => {},
      put: (_bucket, key, body) =>
        new Promise((resolve, reject) => {
          const req = http.request({ ...base, method: 'PUT', path: `/${key}` }, (res) =>
            drain(res).then(resolve, reject),
          )
          req.on('error', reject)
          req.setHeader('content-length', body.length)
          req.end(body)
        }),
      get: (_bucket, key) =>
        new Promise((resolve, reject) => {
          const req = http.get({ ...base, path: `/${key}` }, (res) => drain(res).then(resolve, reject))
          req.on('error', reject)
        }),
    }
  },
}

/** minio-js and the Silo SDK share the same call shapes. */
function minioShaped(client) {
  return {
    makeBucket: (bucket) => client.makeBucket(bucket),
    put: (bucket, key, body) => client.putObject(bucket, key, body, body.length),
    get: async (bucket, key) => drain(await client.getObject(bucket, key)),
    head: (bucket, key) => client.statObject(bucket, key),
  }
}

/** Reads a Node stream to its end, discarding the bytes; resolves with the byte count. */
function drain(stream) {
  return new Promise((resolve, reject) => {
    let bytes = 0
    stream.on('data', (chunk) => {
      bytes += chunk.length
    })
    stream.on('end', () => resolve(bytes))
    stream.on('error', reject)
  })
}
