/**
 * Every Client method minio-js 8 wraps with `callbackify` (read from the installed minio's
 * minio.mjs, so the list follows the package) accepts a trailing callback in the Silo SDK, in
 * each position minio-js allows, and calls it with what minio-js's callback gets for the same
 * arguments against the same Silo server. (minio-js 8's d.ts declares the callback form for only
 * four methods; its runtime takes one on all 48, and code written for 7.x relies on that.)
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Silo from '../../../src/index.js'
import { normalise, readAll, useCompatServer, viaCallback } from './helpers.js'

const env = useCompatServer()
type Which = 'silo' | 'minio'

/** What a row's arguments are built from: this client's own bucket, object, files and classes. */
interface Ctx {
  which: Which
  bucket: string
  key: string
  file: string
  lib: typeof Minio
}

/** `equal`: same normalised outcome; `shape`: same success / error code and value type. */
type Mode = 'equal' | 'shape'
type Row = [label: string, method: string, args: (c: Ctx) => unknown[], mode?: Mode]

const require = createRequire(import.meta.url)
const minioEntry = join(dirname(require.resolve('minio')), '..', 'esm', 'minio.mjs')
const CALLBACKIFIED = [
  ...readFileSync(minioEntry, 'utf8').matchAll(/Client\.prototype\.(\w+) = callbackify\(/g),
].map((m) => m[1]!)

const libFor = (which: Which) => (which === 'silo' ? (Silo as unknown as typeof Minio) : Minio)
const retainUntil = new Date(Date.now() + 86_400_000).toISOString()

const ROWS: Row[] = [
  ['makeBucket(b, cb)', 'makeBucket', (c) => [`${c.bucket}-new`]],
  ['makeBucket(b, region, cb)', 'makeBucket', (c) => [`${c.bucket}-reg`, 'us-east-1']],
  ['makeBucket(b, region, opts, cb)', 'makeBucket', (c) => [`${c.bucket}-opt`, 'us-east-1', {}]],
  ['bucketExists(b, cb)', 'bucketExists', (c) => [c.bucket]],
  ['removeBucket(b, cb) of a non-empty bucket', 'removeBucket', (c) => [c.bucket]],
  ['listBuckets(cb)', 'listBuckets', () => [], 'shape'],
  ['getObject(b, k, cb)', 'getObject', (c) => [c.bucket, c.key]],
  ['getObject(b, k, opts, cb)', 'getObject', (c) => [c.bucket, c.key, {}]],
  ['fGetObject(b, k, path, cb)', 'fGetObject', (c) => [c.bucket, c.key, `${c.file}.out`]],
  ['getPartialObject(b, k, offset, cb)', 'getPartialObject', (c) => [c.bucket, c.key, 6]],
  ['getPartialObject(b, k, offset, length, cb)', 'getPartialObject', (c) => [c.bucket, c.key, 0, 5]],
  ['statObject(b, k, cb)', 'statObject', (c) => [c.bucket, c.key]],
  ['statObject(b, k, opts, cb)', 'statObject', (c) => [c.bucket, c.key, {}]],
  ['statObject of a missing key', 'statObject', (c) => [c.bucket, 'missing']],
  ['putObject(b, k, data, cb)', 'putObject', (c) => [c.bucket, 'p1', 'data']],
  ['putObject(b, k, data, size, cb)', 'putObject', (c) => [c.bucket, 'p2', 'data', 4]],
  ['putObject(b, k, data, metaData, cb)', 'putObject', (c) => [c.bucket, 'p3', 'data', { a: '1' }]],
  ['putObject(b, k, data, size, metaData, cb)', 'putObject', (c) => [c.bucket, 'p4', 'data', 4, { a: '1' }]],
  ['fPutObject(b, k, path, cb)', 'fPutObject', (c) => [c.bucket, 'f1', c.file]],
  ['fPutObject(b, k, path, metaData, cb)', 'fPutObject', (c) => [c.bucket, 'f2', c.file, { a: '1' }]],
  ['removeObject(b, k, cb)', 'removeObject', (c) => [c.bucket, c.key]],
  ['removeObject(b, k, opts, cb)', 'removeObject', (c) => [c.bucket, c.key, {}]],
  ['removeObjects(b, list, cb)', 'removeObjects', (c) => [c.bucket, [c.key, 'other']]],
  ['removeIncompleteUpload(b, k, cb)', 'removeIncompleteUpload', (c) => [c.bucket, 'partial']],
  ['copyObject(b, k, src, cb)', 'copyObject', (c) => [c.bucket, 'copy', `/${c.bucket}/${c.key}`]],
  [
    'copyObject(b, k, src, conditions, cb)',
    'copyObject',
    (c) => [c.bucket, 'copy', `/${c.bucket}/${c.key}`, new c.lib.CopyConditions()],
  ],
  [
    'copyObject(source, dest, cb)',
    'copyObject',
    (c) => [
      new c.lib.CopySourceOptions({ Bucket: c.bucket, Object: c.key }),
      new c.lib.CopyDestinationOptions({ Bucket: c.bucket, Object: 'copy2' }),
    ],
  ],
  [
    'composeObject(dest, sources, cb)',
    'composeObject',
    (c) => [
      new c.lib.CopyDestinationOptions({ Bucket: c.bucket, Object: 'joined' }),
      [new c.lib.CopySourceOptions({ Bucket: c.bucket, Object: c.key })],
    ],
  ],
  ['presignedUrl(method, b, k, cb)', 'presignedUrl', (c) => ['GET', c.bucket, c.key], 'shape'],
  ['presignedUrl(method, b, k, expiry, cb)', 'presignedUrl', (c) => ['GET', c.bucket, c.key, 60], 'shape'],
  [
    'presignedUrl(method, b, k, expiry, params, date, cb)',
    'presignedUrl',
    (c) => ['GET', c.bucket, c.key, 60, {}, new Date()],
    'shape',
  ],
  ['presignedGetObject(b, k, cb)', 'presignedGetObject', (c) => [c.bucket, c.key], 'shape'],
  ['presignedGetObject(b, k, expiry, cb)', 'presignedGetObject', (c) => [c.bucket, c.key, 60], 'shape'],
  ['presignedPutObject(b, k, cb)', 'presignedPutObject', (c) => [c.bucket, c.key], 'shape'],
  ['presignedPutObject(b, k, expiry, cb)', 'presignedPutObject', (c) => [c.bucket, c.key, 60], 'shape'],
  [
    'presignedPostPolicy(policy, cb)',
    'presignedPostPolicy',
    (c) => {
      const policy = new c.lib.PostPolicy()
      policy.setBucket(c.bucket)
      policy.setKey(c.key)
      policy.setExpires(new Date(Date.now() + 60_000))
      return [policy]
    },
    'shape',
  ],
  ['getBucketPolicy(b, cb) without a policy', 'getBucketPolicy', (c) => [c.bucket]],
  [
    'setBucketPolicy(b, policy, cb)',
    'setBucketPolicy',
    (c) => [
      c.bucket,
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: { AWS: ['*'] },
            Action: ['s3:GetObject'],
            Resource: [`arn:aws:s3:::${c.bucket}/*`],
          },
        ],
      }),
    ],
  ],
  ['getBucketNotification(b, cb)', 'getBucketNotification', (c) => [c.bucket]],
  [
    'setBucketNotification(b, config, cb)',
    'setBucketNotification',
    (c) => [c.bucket, new c.lib.NotificationConfig()],
  ],
  ['removeAllBucketNotification(b, cb)', 'removeAllBucketNotification', (c) => [c.bucket]],
  ['getBucketReplication(b, cb)', 'getBucketReplication', (c) => [c.bucket]],
  ['removeBucketReplication(b, cb)', 'removeBucketReplication', (c) => [c.bucket]],
  [
    'setBucketReplication(b, config, cb)',
    'setBucketReplication',
    (c) => [
      c.bucket,
      {
        role: '',
        rules: [
          {
            ID: 'r',
            Status: 'Enabled',
            Priority: 1,
            DeleteMarkerReplication: { Status: 'Disabled' },
            Destination: { Bucket: 'arn:aws:s3:::elsewhere' },
            Filter: { Prefix: '' },
          },
        ],
      },
    ],
  ],
  ['getBucketEncryption(b, cb)', 'getBucketEncryption', (c) => [c.bucket]],
  ['setBucketEncryption(b, cb)', 'setBucketEncryption', (c) => [c.bucket]],
  ['removeBucketEncryption(b, cb)', 'removeBucketEncryption', (c) => [c.bucket]],
  [
    'selectObjectContent(b, k, opts, cb)',
    'selectObjectContent',
    (c) => [
      c.bucket,
      c.key,
      {
        expression: 'SELECT * FROM S3Object',
        expressionType: 'SQL',
        inputSerialization: { CSV: { FileHeaderInfo: 'NONE' }, CompressionType: 'NONE' },
        outputSerialization: { CSV: {} },
        requestProgress: { Enabled: false },
      },
    ],
    'shape',
  ],
  ['getBucketTagging(b, cb)', 'getBucketTagging', (c) => [c.bucket]],
  ['setBucketTagging(b, tags, cb)', 'setBucketTagging', (c) => [c.bucket, { team: 'a' }]],
  ['removeBucketTagging(b, cb)', 'removeBucketTagging', (c) => [c.bucket]],
  ['getObjectTagging(b, k, cb)', 'getObjectTagging', (c) => [c.bucket, c.key]],
  ['setObjectTagging(b, k, tags, cb)', 'setObjectTagging', (c) => [c.bucket, c.key, { team: 'a' }]],
  ['removeObjectTagging(b, k, cb)', 'removeObjectTagging', (c) => [c.bucket, c.key]],
  ['getBucketVersioning(b, cb)', 'getBucketVersioning', (c) => [c.bucket]],
  ['setBucketVersioning(b, config, cb)', 'setBucketVersioning', (c) => [c.bucket, { Status: 'Enabled' }]],
  ['getBucketLifecycle(b, cb)', 'getBucketLifecycle', (c) => [c.bucket]],
  [
    'setBucketLifecycle(b, config, cb)',
    'setBucketLifecycle',
    (c) => [
      c.bucket,
      { Rule: [{ ID: 'x', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 1 } }] },
    ],
  ],
  ['removeBucketLifecycle(b, cb)', 'removeBucketLifecycle', (c) => [c.bucket]],
  ['getObjectLockConfig(b, cb)', 'getObjectLockConfig', (c) => [c.bucket]],
  ['setObjectLockConfig(b, config, cb)', 'setObjectLockConfig', (c) => [c.bucket, {}]],
  ['getObjectRetention(b, k, cb)', 'getObjectRetention', (c) => [c.bucket, c.key, {}]],
  [
    'putObjectRetention(b, k, opts, cb)',
    'putObjectRetention',
    (c) => [c.bucket, c.key, { mode: 'GOVERNANCE', retainUntilDate: retainUntil }],
  ],
  ['getObjectLegalHold(b, k, cb)', 'getObjectLegalHold', (c) => [c.bucket, c.key]],
  ['setObjectLegalHold(b, k, opts, cb)', 'setObjectLegalHold', (c) => [c.bucket, c.key, { status: 'ON' }]],
]

let dir = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-compat-cb-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** A fresh bucket holding `obj`, and a local file, for one client. */
async function contextFor(which: Which): Promise<Ctx> {
  const bucket = await env.bucket(`cb-${which}`)
  await env.silo.putObject(bucket, 'obj', 'a,b\n1,2\n')
  // An incomplete upload for removeIncompleteUpload (minio-js 8 sends uploadId=undefined when there is none).
  await env.minio.initiateNewMultipartUpload(bucket, 'partial', {})
  const file = join(dir, `${bucket}.txt`)
  await writeFile(file, 'file body')
  return { which, bucket, key: 'obj', file, lib: libFor(which) }
}

/** What the callback got, comparable across clients: bodies read, own bucket names masked. */
async function observed(ctx: Ctx, err: Error | null, result: unknown, mode: Mode) {
  const value =
    result && typeof (result as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
      ? (await readAll(result as AsyncIterable<Uint8Array>)).toString()
      : result
  if (mode === 'shape') {
    return err
      ? { err: err.name, code: (err as { code?: string }).code }
      : { type: typeof value, array: Array.isArray(value) }
  }
  const out = err ? { err: err.name, code: (err as { code?: string }).code } : { value: normalise(value) }
  return JSON.parse(JSON.stringify(out ?? null).replaceAll(ctx.bucket, '<bucket>'))
}

describe('a trailing callback on every method minio-js callbackifies', () => {
  it('reads the 48 callbackified methods from the installed minio-js, and each has a row', () => {
    expect(CALLBACKIFIED.length).toBeGreaterThanOrEqual(48)
    const covered = new Set(ROWS.map((row) => row[1]))
    expect(CALLBACKIFIED.filter((m) => !covered.has(m))).toEqual([])
  })

  for (const [label, method, args, mode = 'equal'] of ROWS) {
    const present =
      typeof (Silo.Client.prototype as unknown as Record<string, unknown>)[method] === 'function'
    // Methods other issue-15 work has yet to add show up as todo, by name.
    if (!present) {
      it.todo(`${label} (Silo has no ${method} yet)`)
      continue
    }
    it(label, async () => {
      const results: Record<Which, unknown> = { silo: undefined, minio: undefined }
      for (const which of ['silo', 'minio'] as const) {
        const ctx = await contextFor(which)
        const client = which === 'silo' ? env.siloAsMinio : env.minio
        const fn = (client as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!
        const got = await viaCallback((cb) => fn.call(client, ...args(ctx), cb))
        if (which === 'silo') expect(got.returned).toBeUndefined()
        results[which] = await observed(ctx, got.err, got.result, mode)
      }
      expect(results.silo).toEqual(results.minio)
    })
  }
})
