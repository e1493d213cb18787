/**
 * The requests a crash-and-restart test sends while it kills the server, and how each one's
 * outcome changes what the test may find afterwards (see crash-model.ts).
 */
import { CompleteMultipartUploadCommand, type S3Client } from '@aws-sdk/client-s3'
import type { Client } from '../../../src/index.js'
import type { Ack, CrashModel } from './crash-model.js'
import { runHeal, type SiloProcess } from './erasure.js'
import { type Digest, digestObject } from './object-digest.js'

/** The kinds of request a kill can land in. */
export type CrashOpKind = 'put-small' | 'put-large' | 'complete' | 'delete-objects' | 'delete-bucket' | 'heal'

/**
 * How a request ended: the server said yes, the server answered an error (`detail` says which),
 * the kill cut it (network error: it may or may not have taken effect), or it was never sent
 * because the kill came first.
 */
export interface OpResult {
  outcome: 'acknowledged' | 'refused' | 'cut' | 'unsent'
  detail?: string
}

/** One request of a kill window. */
export interface CrashOp {
  kind: CrashOpKind
  /** For reports: kind and target. */
  label: string
  /** Sends the request; resolves when the server answered (rejects on a network error). */
  send(): Promise<OpResult>
  /** Whether a refusal is what this request should get (otherwise the test reports it). */
  refusalExpected?(result: OpResult): boolean
  /** Records the outcome in the model. */
  settle(model: CrashModel, result: OpResult): void
  /**
   * After the restart and the model check, what a client would do next (retry a Complete the
   * kill cut); returns what went wrong.
   */
  afterRestart?(c: CrashClients, model: CrashModel, result: OpResult): Promise<string[]>
}

/** The clients of one server run. */
export interface CrashClients {
  server: SiloProcess
  client: Client
  /** For multipart, which the Silo SDK drives only inside putObject. */
  s3: S3Client
}

/** A model's view of an outcome: only a 2xx is known to have taken effect. */
const ackOf = (result: OpResult): Ack => (result.outcome === 'acknowledged' ? 'acknowledged' : 'cut')

/** Runs `send`, turning an error into a refusal (the server answered) or a cut (it did not). */
export async function classify(send: () => Promise<unknown>): Promise<OpResult> {
  try {
    await send()
    return { outcome: 'acknowledged' }
  } catch (error) {
    // The Silo SDK's S3Error has `code` and `statusCode`; the AWS SDK's errors `name` and `$metadata`.
    const e = error as {
      statusCode?: number
      code?: string
      name?: string
      $metadata?: { httpStatusCode?: number }
    }
    const status = e.statusCode ?? e.$metadata?.httpStatusCode
    if (typeof status === 'number') return { outcome: 'refused', detail: `${status} ${e.code ?? e.name}` }
    return { outcome: 'cut', detail: String(e.code ?? e) }
  }
}

/**
 * A PUT of `body` (inline when small, a data file when large). `racesDeleteBucket`: the bucket
 * may be deleted under it, so NoSuchBucket is a right answer.
 */
export function putOp(
  c: CrashClients,
  kind: 'put-small' | 'put-large',
  bucket: string,
  key: string,
  body: Buffer,
  digest: Digest,
  racesDeleteBucket = false,
): CrashOp {
  return {
    kind,
    label: `${kind} ${racesDeleteBucket ? `${bucket}/` : ''}${key} (${body.length} B)`,
    send: () => classify(() => c.client.putObject(bucket, key, body, body.length)),
    refusalExpected: (result) => racesDeleteBucket && / NoSuchBucket$/.test(result.detail ?? ''),
    settle: (model, result) => {
      if (result.outcome !== 'unsent') model.write(bucket, key, digest, ackOf(result))
    },
  }
}

/** A CompleteMultipartUpload of an upload whose parts are in. */
export function completeOp(
  c: CrashClients,
  bucket: string,
  key: string,
  uploadId: string,
  parts: Array<{ PartNumber: number; ETag: string }>,
  digest: Digest,
): CrashOp {
  const complete = (s3: S3Client) =>
    classify(() =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      ),
    )
  const label = `complete ${key} (${parts.length} parts, ${digest.size} B)`
  return {
    kind: 'complete',
    label,
    send: () => complete(c.s3),
    settle: (model, result) => {
      if (result.outcome !== 'unsent') model.write(bucket, key, digest, ackOf(result))
    },
    // Acknowledged parts are durable: after a Complete the kill cut (or never sent), the client
    // retries it, and then the key holds the whole upload. The retry's answer varies with how far
    // the first one got (200, NoSuchUpload where it landed, 503 where it landed on too few drives).
    async afterRestart(again, model, result) {
      if (result.outcome === 'acknowledged') return []
      const retry = await complete(again.s3)
      const read = await digestObject(again.client, bucket, key).catch((e: Error) => e)
      if (!(read instanceof Error) && read.sha256 === digest.sha256) {
        model.settleObject(bucket, key, digest.sha256)
        return []
      }
      const seen = read instanceof Error ? read.message : model.describe(read.sha256)
      return [
        `${label}, ${result.outcome}, retried after the restart (${retry.detail ?? '200'}): GET reads ${seen}`,
      ]
    },
  }
}

/** A DeleteObjects of `keys` (quiet mode: the answer lists only the keys not deleted). */
export function deleteObjectsOp(c: CrashClients, bucket: string, keys: string[]): CrashOp {
  let failed = new Set<string>()
  return {
    kind: 'delete-objects',
    label: `delete-objects ${keys.join(', ')}`,
    async send() {
      let errors: Array<{ Key: string; Code: string }> = []
      const result = await classify(async () => {
        errors = await c.client.removeObjects(bucket, keys)
      })
      failed = new Set(errors.map((e) => e.Key))
      if (result.outcome === 'acknowledged' && errors.length > 0) {
        return { outcome: 'refused', detail: errors.map((e) => `${e.Key}: ${e.Code}`).join('; ') }
      }
      return result
    },
    settle(model, result) {
      if (result.outcome === 'unsent') return
      for (const key of keys) {
        model.delete(bucket, key, failed.has(key) ? 'cut' : ackOf(result))
      }
    },
  }
}

/**
 * A DeleteBucket of a bucket that holds an object (it must answer BucketNotEmpty), may hold
 * some (PUTs race it: BucketNotEmpty or success are both right), or is empty.
 */
export function deleteBucketOp(
  c: CrashClients,
  bucket: string,
  contents: 'holds' | 'may-hold' | 'empty',
): CrashOp {
  const isNotEmpty = (result: OpResult) =>
    contents !== 'empty' && result.outcome === 'refused' && / BucketNotEmpty$/.test(result.detail ?? '')
  return {
    kind: 'delete-bucket',
    label: `delete-bucket ${bucket} (${contents === 'holds' ? 'one object' : contents === 'may-hold' ? 'PUTs racing' : 'empty'})`,
    send: () => classify(() => c.client.removeBucket(bucket)),
    refusalExpected: isNotEmpty,
    settle(model, result) {
      if (result.outcome === 'unsent') return
      model.deleteBucket(bucket, isNotEmpty(result) ? 'refused' : ackOf(result))
    },
  }
}

/** A recursive heal sequence (erasure), started and polled to its end through AdminClient. */
export function healOp(c: CrashClients): CrashOp {
  return {
    kind: 'heal',
    label: 'heal (recursive)',
    async send() {
      let summary = ''
      const result = await classify(async () => {
        const run = await runHeal(c.server, { recursive: true })
        summary = `${run.summary} ${run.detail}`.trim()
      })
      if (result.outcome === 'acknowledged' && !summary.startsWith('finished')) {
        return { outcome: 'refused', detail: summary }
      }
      return result
    },
    // Heal changes no object's content: nothing to record.
    settle: () => {},
  }
}
