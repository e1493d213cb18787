import { type LifecycleRule, PutBucketLifecycleConfigurationCommand, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { ScanCounts } from '../../../src/server/ilm/scan-counts.js'
import { startWebhookSink } from '../events/support/sinks.js'
import { s3 } from '../helpers/signed-request.js'
import { startTestServer, type TestServer } from '../helpers/test-server.js'
import { awsClient } from '../s3-answers/helpers.js'

export const DAY_MS = 86_400_000

/** Both backends by drive count, for `describe.each`. */
export const DRIVES: ReadonlyArray<readonly [string, number]> = [
  ['single drive', 1],
  ['erasure, 4 drives', 4],
]

/** A server whose lifecycle clock the test moves, with a webhook target recording events. */
export interface IlmBackend {
  server: TestServer
  client: S3Client
  /** Moves the scanner's clock (the real time plus the days advanced in this test). */
  advanceDays(days: number): void
  /** Runs one scan through the admin hook and returns its counts. */
  scan(): Promise<ScanCounts>
  /** Event records the webhook received. */
  records(): Array<
    { eventName: string; s3: { object: { key: string; versionId?: string } } } & Record<string, unknown>
  >
  rules(bucket: string, Rules: LifecycleRule[]): Promise<unknown>
}

/** Starts a server (no background scans, batches of `batchSize`) for the enclosing describe. */
export function useIlmBackend(drives: number, options: { batchSize?: number } = {}): IlmBackend {
  let offset = 0
  let sink: Awaited<ReturnType<typeof startWebhookSink>>
  const backend = {
    advanceDays: (days: number) => {
      offset += days * DAY_MS
    },
    scan: async () => {
      const answer = await s3(backend.server.url, 'POST', '/silo/admin/v1/ilm/scan')
      expect(answer.status, answer.text).toBe(200)
      return JSON.parse(answer.text) as ScanCounts
    },
    records: () =>
      (sink.bodies as Array<{ Records: ReturnType<IlmBackend['records']> }>).flatMap((b) => b.Records),
    rules: (Bucket: string, Rules: LifecycleRule[]) =>
      backend.client.send(
        new PutBucketLifecycleConfigurationCommand({ Bucket, LifecycleConfiguration: { Rules } }),
      ),
  } as IlmBackend
  beforeAll(async () => {
    sink = await startWebhookSink()
    backend.server = await startTestServer({
      drives,
      notify: { webhook: { '1': { enable: true, endpoint: sink.url } } },
      lifecycleScan: {
        intervalMs: 0,
        objectsPerSecond: 0,
        batchSize: options.batchSize ?? 100,
        now: () => new Date(Date.now() + offset),
      },
    })
    backend.client = awsClient(backend.server)
  })
  // Each test starts at the real time again.
  beforeEach(() => {
    offset = 0
  })
  afterAll(async () => {
    await backend.server.stop()
    await sink.close()
  })
  return backend
}

/** Sends every event of `bucket` to the test's webhook target. */
export async function watchRemovals(backend: IlmBackend, bucket: string): Promise<void> {
  const body =
    '<NotificationConfiguration><QueueConfiguration><Queue>arn:silo:sqs::1:webhook</Queue><Event>s3:ObjectRemoved:*</Event></QueueConfiguration></NotificationConfiguration>'
  const answer = await s3(backend.server.url, 'PUT', `/${bucket}?notification`, { body })
  expect(answer.status, answer.text).toBe(200)
}
