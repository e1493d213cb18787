/**
 * `makeBucket(bucket, region)` and `silo mb --region R` against a server that answers for one
 * region (us-east-1 by default, as a MinIO server whose region is set). The bucket's region must
 * be the server's: the same region works (and GetBucketLocation says so), a missing region means
 * the server's, another region is refused with an S3 error naming both regions, not with a
 * malformed-authorization error.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetBucketLocationCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, S3Error } from '../../src/index.js'
import { createServer } from '../../src/server/index.js'
import { CLI_BUILT, runCli } from '../cli/helpers/cli.js'
import { type AdminHarness, ROOT, startAdminHarness } from '../sdk/admin/admin-harness.js'

let usEast: AdminHarness
let euWest: { url: string; host: string; port: number; dir: string; stop(): Promise<void> }
let configDir: string

beforeAll(async () => {
  usEast = await startAdminHarness()
  const dir = await mkdtemp(join(tmpdir(), 'silo-region-'))
  const server = createServer({
    dir,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    region: 'eu-west-1',
    quiet: true,
  })
  const started = await server.start()
  euWest = { ...started, dir, stop: () => server.stop() }
  configDir = await mkdtemp(join(tmpdir(), 'silo-region-conf-'))
  if (CLI_BUILT) {
    for (const [alias, url] of [
      ['east', usEast.url],
      ['west', euWest.url],
    ]) {
      const added = await cli(['config', 'host', 'add', alias!, url!, ROOT.accessKey, ROOT.secretKey])
      expect(added.code).toBe(0)
    }
  }
})
afterAll(async () => {
  await usEast?.stop()
  await euWest?.stop()
  await rm(euWest.dir, { recursive: true, force: true })
  await rm(configDir, { recursive: true, force: true })
})

const cli = (args: string[]) => runCli(['--config-dir', configDir, ...args])
const client = (server: { host: string; port: number }) =>
  new Client({ endPoint: server.host, port: server.port, useSSL: false, ...ROOT })

/** GetBucketLocation through an independent client (@aws-sdk/client-s3) signing for eu-west-1. */
async function locationOf(bucket: string): Promise<string | undefined> {
  const s3 = new S3Client({
    endpoint: euWest.url,
    region: 'eu-west-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    maxAttempts: 1,
  })
  const { LocationConstraint } = await s3.send(new GetBucketLocationCommand({ Bucket: bucket }))
  return LocationConstraint
}

describe('makeBucket(bucket, region)', () => {
  it('in the server region works; GetBucketLocation names it', async () => {
    await client(euWest).makeBucket('west-photos', 'eu-west-1')
    expect(await client(euWest).bucketExists('west-photos')).toBe(true)
    expect(await locationOf('west-photos')).toBe('eu-west-1')
    await client(usEast).makeBucket('east-photos', 'us-east-1')
    expect(await client(usEast).bucketExists('east-photos')).toBe(true)
  })

  it('without a region creates the bucket in the server region, whatever it is', async () => {
    await client(euWest).makeBucket('west-default')
    expect(await locationOf('west-default')).toBe('eu-west-1')
    // And the same client keeps working with the bucket.
    const c = client(euWest)
    await c.makeBucket('west-default-2')
    await c.putObject('west-default-2', 'a.txt', 'hello')
    expect((await c.statObject('west-default-2', 'a.txt')).size).toBe(5)
  })

  it('in another region is refused with IllegalLocationConstraintException naming both regions', async () => {
    const err = await client(usEast)
      .makeBucket('east-elsewhere', 'eu-west-1')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(S3Error)
    expect(err).toMatchObject({ code: 'IllegalLocationConstraintException', statusCode: 400 })
    expect((err as Error).message).toContain("'eu-west-1'")
    expect((err as Error).message).toContain("'us-east-1'")
    expect(await client(usEast).bucketExists('east-elsewhere')).toBe(false)
  })
})

describe.skipIf(!CLI_BUILT)('silo mb --region R', () => {
  it('in the server region creates the bucket', async () => {
    const made = await cli(['mb', '--region', 'eu-west-1', 'west/cli-photos'])
    expect(made.stderr).toBe('')
    expect(made.stdout).toBe('Bucket created successfully `west/cli-photos`.\n')
    expect(await locationOf('cli-photos')).toBe('eu-west-1')
    const plain = await cli(['mb', 'west/cli-plain'])
    expect(plain.code).toBe(0)
  })

  it('in another region exits 1 with a message naming both regions', async () => {
    const made = await cli(['mb', '--region', 'eu-west-1', 'east/cli-elsewhere'])
    expect(made.code).toBe(1)
    expect(made.stderr).toContain('cannot make bucket "east/cli-elsewhere"')
    expect(made.stderr).toContain("'eu-west-1'")
    expect(made.stderr).toContain("'us-east-1'")
    expect(made.stderr).toContain('IllegalLocationConstraintException')
    expect(made.stderr).not.toContain('AuthorizationHeaderMalformed')
  })
})
