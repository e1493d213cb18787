import { writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatRule, formatRules } from '../../src/cli/commands/event.js'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

const ARN = 'arn:silo:sqs::1:webhook'

describe.skipIf(!CLI_BUILT)('silo event and silo watch', () => {
  let env: CliEnv
  let hook: Server
  const file = join(tmpdir(), `silo-cli-event-${process.pid}.jpg`)

  beforeAll(async () => {
    env = await startCliEnv()
    // A webhook the server can deliver to, so the ARN names a live target.
    hook = createServer((req, res) => req.resume().on('end', () => res.end()))
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const { port } = hook.address() as AddressInfo
    const config = {
      version: '1',
      region: '',
      notify: { webhook: { '1': { enable: true, endpoint: `http://127.0.0.1:${port}/` } } },
    }
    expect((await env.run(['admin', 'config', 'set', 'local'], { input: JSON.stringify(config) })).code).toBe(
      0,
    )
    expect((await env.run(['admin', 'service', 'restart', 'local'])).code).toBe(0)
    await env.run(['mb', 'local/photos'])
    await writeFile(file, 'jpeg bytes')
  })
  afterAll(async () => {
    await env?.stop()
    hook?.close()
  })

  it('admin info lists the configured target ARN', async () => {
    expect((await env.run(['admin', 'info', 'local'])).stdout).toContain(` SQS ARNs : ${ARN}\n`)
  })

  it('event add uses the default events, merges with existing rules, and event list shows both', async () => {
    expect((await env.run(['event', 'add', 'local/photos', ARN, '--suffix', '.jpg'])).stdout).toBe(
      `Successfully added ${ARN}\n`,
    )
    expect(
      (await env.run(['event', 'add', 'local/photos', ARN, '--event', 'get', '--prefix', 'raw/'])).code,
    ).toBe(0)
    const text = await env.run(['event', 'list', 'local/photos'])
    // Columns aligned: the second rule's events are padded so both filters start together.
    expect(text.stdout).toBe(
      `${ARN}   s3:ObjectCreated:*,s3:ObjectRemoved:*   Filter: suffix=.jpg\n${ARN}   s3:ObjectAccessed:*                     Filter: prefix=raw/\n`,
    )
    const json = jsonLines((await env.run(['--json', 'event', 'list', 'local/photos'])).stdout)
    expect(json[0]).toMatchObject({
      status: 'success',
      arn: ARN,
      event: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'],
      suffix: '.jpg',
    })
  })

  it('event add refuses an ARN with no live target, and bad --event values', async () => {
    const unknown = await env.run(['event', 'add', 'local/photos', 'arn:silo:sqs::9:webhook'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^silo: cannot add "arn:silo:sqs::9:webhook" to "local\/photos": .+\n$/)
    const bad = await env.run(['event', 'add', 'local/photos', ARN, '--event', 'upload'])
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'silo: --event: unknown event "upload"; use put, delete, get or an s3:... event name\n',
    })
    expect((await env.run(['event', 'add', 'local/photos', 'not-an-arn'])).code).toBe(2)
  })

  it('event remove takes an ARN, or --force for all rules', async () => {
    expect((await env.run(['event', 'remove', 'local/photos'])).code).toBe(2)
    expect((await env.run(['event', 'remove', 'local/photos', ARN])).stdout).toBe(
      `Successfully removed ${ARN}\n`,
    )
    expect((await env.run(['event', 'list', 'local/photos'])).stdout).toBe('')
    await env.run(['event', 'add', 'local/photos', ARN])
    expect((await env.run(['event', 'remove', '--force', 'local/photos'])).code).toBe(0)
    expect((await env.run(['event', 'list', 'local/photos'])).stdout).toBe('')
  })

  it('watch prints one line per event and stops cleanly on SIGINT', async () => {
    const child = env.spawn(['watch', '--events', 'put', 'local/photos'])
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
    })
    // The listener is registered once the request is in; give it a moment, then upload.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await env.run(['cp', file, 'local/photos/new dir/cat.jpg'])
    for (let i = 0; i < 50 && !out.includes('\n'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(out).toMatch(
      /^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] {5}10B s3:ObjectCreated:Put local\/photos\/new dir\/cat\.jpg\n$/,
    )
  })

  it('watch --json prints the event record', async () => {
    const child = env.spawn(['--json', 'watch', 'local/photos'])
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
    })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await env.run(['rm', 'local/photos/new dir/cat.jpg'])
    for (let i = 0; i < 50 && !out.includes('Delete'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    child.kill('SIGINT')
    const records = jsonLines(out)
    expect(records.at(-1)).toMatchObject({
      status: 'success',
      eventVersion: '2.0',
      eventName: 's3:ObjectRemoved:Delete',
      s3: { bucket: { name: 'photos' } },
    })
  })

  it('watch of a missing bucket fails at once', async () => {
    const result = await env.run(['watch', 'local/nope'])
    expect(result).toMatchObject({
      code: 1,
      stderr: 'silo: cannot watch "local/nope": bucket "nope" does not exist\n',
    })
  })

  it('formatRule prints prefix and suffix filters together', () => {
    expect(
      formatRule({ arn: ARN, events: ['s3:ObjectCreated:*'], prefix: 'a/', suffix: '.jpg', id: '' }),
    ).toBe(`${ARN}   s3:ObjectCreated:*   Filter: prefix=a/ suffix=.jpg`)
  })

  it('formatRules lines up ARN, events and filter in columns across rules', () => {
    const rule = (arn: string, events: string[], suffix = '') => ({ arn, events, prefix: '', suffix, id: '' })
    expect(
      formatRules([
        rule('arn:silo:sqs::1:webhook', ['s3:ObjectCreated:*'], '.jpg'),
        rule('arn:silo:sqs::primary:postgresql', ['s3:ObjectCreated:*', 's3:ObjectRemoved:*']),
        rule('arn:silo:sqs::1:redis', ['s3:ObjectAccessed:*'], '.png'),
      ]),
    ).toEqual([
      'arn:silo:sqs::1:webhook            s3:ObjectCreated:*                      Filter: suffix=.jpg',
      'arn:silo:sqs::primary:postgresql   s3:ObjectCreated:*,s3:ObjectRemoved:*',
      'arn:silo:sqs::1:redis              s3:ObjectAccessed:*                     Filter: suffix=.png',
    ])
    expect(formatRules([])).toEqual([])
  })
})
