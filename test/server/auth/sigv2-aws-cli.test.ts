import { execFile, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3 } from '../helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../helpers/test-server.js'

// The AWS CLI v1 (botocore's HmacV1 signers) against a real server: `aws s3 presign` emits a
// Signature Version 2 URL for us-east-1, and botocore with signature_version 's3' signs every
// request with a V2 header. Skipped only where no `aws` is installed (it is in CI).

const run = promisify(execFile)
const HAS_AWS = spawnSync('aws', ['--version'], { stdio: 'ignore' }).status === 0
const describeCli = HAS_AWS ? describe : describe.skip
if (!HAS_AWS) console.warn('sigv2-aws-cli.test.ts skipped: the `aws` CLI (v1) is not installed')

let server: TestServer
let home: string

/** Runs `aws` with the test root's credentials and a config file of `config`. */
async function aws(args: string[], config = '[default]\n'): Promise<string> {
  const configFile = join(home, `config-${Math.random().toString(36).slice(2)}`)
  await writeFile(configFile, config)
  const { stdout } = await run('aws', [...args, '--endpoint-url', server.url], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      AWS_CONFIG_FILE: configFile,
      AWS_SHARED_CREDENTIALS_FILE: join(home, 'no-credentials'),
      AWS_ACCESS_KEY_ID: ROOT.accessKey,
      AWS_SECRET_ACCESS_KEY: ROOT.secretKey,
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
    },
  })
  return stdout
}

describeCli('AWS CLI v1 with Signature Version 2', () => {
  beforeAll(async () => {
    server = await startTestServer()
    home = await mkdtemp(join(tmpdir(), 'silo-aws-cli-'))
    expect((await s3(server.url, 'PUT', '/cli-bucket')).status).toBe(200)
    expect(
      (await s3(server.url, 'PUT', '/cli-bucket/dir/hello%20world.txt', { body: 'presigned bytes' })).status,
    ).toBe(200)
  })
  afterAll(async () => {
    await server?.stop()
    if (home) await rm(home, { recursive: true, force: true })
  })

  it('`aws s3 presign` emits a V2 URL and fetching it returns the object', async () => {
    const url = (await aws(['s3', 'presign', 's3://cli-bucket/dir/hello world.txt'])).trim()
    expect(url).toContain('AWSAccessKeyId=')
    expect(url).toContain('Signature=')
    expect(url).not.toContain('X-Amz-Signature')
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('presigned bytes')
  })

  it("botocore's V2 header signer (Config(signature_version='s3'), the CLI's own library) through a session of calls", async () => {
    // `s3.signature_version = s3` in the CLI's config file no longer reaches request signing in
    // aws-cli 1.45 (it signs SigV4 anyway), so the V2 header form is driven through botocore.
    const { stdout } = await run(
      python,
      ['-c', BOTOCORE_SESSION, server.url, ROOT.accessKey, ROOT.secretKey],
      {
        env: { PATH: process.env.PATH, HOME: home, AWS_EC2_METADATA_DISABLED: 'true' },
      },
    )
    const result = JSON.parse(stdout) as Record<string, unknown>
    expect(result).toEqual({
      get: 'hello v2',
      contentType: 'text/plain',
      meta: { colour: 'blue' },
      listed: ['py/a b.txt', 'py/multi'],
      multipartSize: 5 * 1024 * 1024 + 7,
      aclOwner: true,
      presignedPut: 200,
      presignedGet: 'via query',
      deleted: 404,
    })
  })
})

// Resolved once: the interpreter whose botocore the CLI runs on.
const python = HAS_AWS ? findBotocorePython() : 'python3'

function findBotocorePython(): string {
  for (const candidate of ['python3', 'python']) {
    if (spawnSync(candidate, ['-c', 'import botocore'], { stdio: 'ignore' }).status === 0) return candidate
  }
  throw new Error('the aws CLI is installed but no python on PATH imports botocore')
}

const BOTOCORE_SESSION = `
import json, sys, urllib.request, botocore.session
from botocore.config import Config
url, ak, sk = sys.argv[1:4]
session = botocore.session.get_session()
c = session.create_client('s3', region_name='us-east-1', endpoint_url=url, aws_access_key_id=ak,
    aws_secret_access_key=sk, config=Config(signature_version='s3', s3={'addressing_style': 'path'},
    retries={'max_attempts': 1}))
out = {}
c.put_object(Bucket='cli-bucket', Key='py/a b.txt', Body=b'hello v2', ContentType='text/plain', Metadata={'colour': 'blue'})
got = c.get_object(Bucket='cli-bucket', Key='py/a b.txt')
out['get'] = got['Body'].read().decode()
out['contentType'] = got['ContentType']
out['meta'] = got['Metadata']
up = c.create_multipart_upload(Bucket='cli-bucket', Key='py/multi')
parts = []
for n, body in ((1, b'a' * (5 * 1024 * 1024)), (2, b'b' * 7)):
    r = c.upload_part(Bucket='cli-bucket', Key='py/multi', UploadId=up['UploadId'], PartNumber=n, Body=body)
    parts.append({'PartNumber': n, 'ETag': r['ETag']})
c.complete_multipart_upload(Bucket='cli-bucket', Key='py/multi', UploadId=up['UploadId'], MultipartUpload={'Parts': parts})
out['multipartSize'] = c.head_object(Bucket='cli-bucket', Key='py/multi')['ContentLength']
out['listed'] = [o['Key'] for o in c.list_objects_v2(Bucket='cli-bucket', Prefix='py/')['Contents']]
out['aclOwner'] = 'Owner' in c.get_object_acl(Bucket='cli-bucket', Key='py/a b.txt')
put_url = c.generate_presigned_url('put_object', Params={'Bucket': 'cli-bucket', 'Key': 'py/q.txt', 'ContentType': 'text/plain'})
req = urllib.request.Request(put_url, data=b'via query', method='PUT', headers={'Content-Type': 'text/plain'})
out['presignedPut'] = urllib.request.urlopen(req).status
get_url = c.generate_presigned_url('get_object', Params={'Bucket': 'cli-bucket', 'Key': 'py/q.txt'})
out['presignedGet'] = urllib.request.urlopen(get_url).read().decode()
c.delete_object(Bucket='cli-bucket', Key='py/q.txt')
try:
    c.head_object(Bucket='cli-bucket', Key='py/q.txt')
    out['deleted'] = 200
except c.exceptions.ClientError as e:
    out['deleted'] = int(e.response['Error']['Code'])
print(json.dumps(out))
`
