/**
 * The seed's configuration walkthrough as a user runs it (issue 16): `silo server` started as a
 * child process (so its printed lines and its $HOME are real), the CLI for `admin config get`,
 * edit, `config set` and `service restart`, and a real webhook endpoint.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TARGET_KINDS as KINDS } from '../../src/server/events/targets/types.js'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  ROOT_PASSWORD,
  ROOT_USER,
  type SiloProcess,
  startSilo,
} from '../e2e/helpers/erasure.js'
import { startWebhookSink } from '../server/events/support/sinks.js'
import { findClosedPort } from '../server/events/targets/helpers/service.js'
import { type CliResult, runCli } from './helpers/cli.js'

cleanUpErasureRuns()

type Config = {
  version: string
  region: string
  notify: Record<string, Record<string, Record<string, unknown>>>
}

let sink: Awaited<ReturnType<typeof startWebhookSink>>
let closedPort: number
let scratch: string

beforeAll(async () => {
  sink = await startWebhookSink()
  closedPort = await findClosedPort()
  scratch = await mkdtemp(join(tmpdir(), 'silo-config-restart-'))
})
afterAll(async () => {
  await sink?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

/** `silo server` over one fresh drive with $HOME at `home` (an empty one unless given), and alias `local`. */
async function start(home?: string) {
  const drives = await createDrives(1)
  const HOME = home ?? (await mkdtemp(join(scratch, 'home-')))
  const server = await startSilo([drives.paths[0]!], { HOME })
  const configDir = await mkdtemp(join(scratch, 'cli-'))
  const silo = (args: string[], input?: string): Promise<CliResult> =>
    runCli(['--config-dir', configDir, ...args], input === undefined ? {} : { input })
  const added = await silo(['config', 'host', 'add', 'local', server.url, ROOT_USER, ROOT_PASSWORD])
  expect(added.code).toBe(0)
  return { server, silo }
}

async function getConfig(silo: (args: string[]) => Promise<CliResult>): Promise<Config> {
  const got = await silo(['admin', 'config', 'get', 'local'])
  expect(got.code).toBe(0)
  return JSON.parse(got.stdout) as Config
}

/** The lines `silo server` printed that start with `SQS ARNs:`. */
function arnLines(server: SiloProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('SQS ARNs:'))
}

describe.skipIf(!CLI_BUILT)('admin config and service restart, as the seed walks through them', () => {
  it('a fresh server shows the notify template; set back as it is, a restart starts no target', async () => {
    const { server, silo } = await start()
    const config = await getConfig(silo)
    expect(Object.keys(config.notify)).toEqual(KINDS)
    for (const kind of KINDS) {
      expect(Object.keys(config.notify[kind]!)).toEqual(['1'])
      expect(config.notify[kind]!['1']!.enable).toBe(false)
    }
    expect(config.notify.webhook).toEqual({ '1': { enable: false, endpoint: '' } })
    expect(config.notify.redis!['1']).toEqual({
      enable: false,
      format: 'namespace',
      address: '',
      password: '',
      key: '',
    })

    const set = await silo(['admin', 'config', 'set', 'local'], JSON.stringify(config, null, 2))
    expect(set.code).toBe(0)
    const restart = await silo(['admin', 'service', 'restart', 'local'])
    expect(restart).toMatchObject({ code: 0, stdout: 'Restarted `local` successfully.\n' })
    expect((await server.admin().serverInfo())[0]!.server.sqsARN).toEqual([])
    expect(arnLines(server)).toEqual([])
    expect(server.output()).not.toMatch(/not configured|not started/)
  })

  it('restart prints SQS ARNs again with the targets that came up and names each that did not (exit 1)', async () => {
    const { server, silo } = await start()
    expect(arnLines(server)).toEqual([])
    const config = await getConfig(silo)
    Object.assign(config.notify.webhook!['1']!, { enable: true, endpoint: sink.url })
    config.notify.webhook!['2'] = { enable: true, endpoint: `http://127.0.0.1:${closedPort}/events` }
    Object.assign(config.notify.redis!['1']!, { enable: true, address: `127.0.0.1:${closedPort}`, key: 'k' })
    expect((await silo(['admin', 'config', 'set', 'local'], JSON.stringify(config))).code).toBe(0)

    const restart = await silo(['admin', 'service', 'restart', 'local'])
    expect(restart.code).toBe(1)
    expect(restart.stdout).toBe('')
    expect(restart.stderr).toContain('restarted "local", but not everything came up: ')
    expect(restart.stderr).toContain(
      `arn:silo:sqs::2:webhook did not start: configuration fault: the endpoint http://127.0.0.1:${closedPort}/events is not live and reachable`,
    )
    expect(restart.stderr).toContain('arn:silo:sqs::1:redis did not start: ')
    expect(restart.stderr).not.toContain('arn:silo:sqs::1:webhook')
    expect(arnLines(server)).toEqual(['SQS ARNs: arn:silo:sqs::1:webhook'])

    // The admin API's answer, through AdminClient.
    const answer = await server.admin().serviceRestart()
    expect(answer).toMatchObject({
      status: 'error',
      sqsARN: ['arn:silo:sqs::1:webhook'],
      failedTargets: [
        { arn: 'arn:silo:sqs::1:redis', error: expect.stringContaining(`127.0.0.1:${closedPort}`) },
        { arn: 'arn:silo:sqs::2:webhook', error: expect.stringMatching(/^configuration fault: .* not live/) },
      ],
    })
    expect(answer.errors).toHaveLength(2)
    expect(arnLines(server)).toEqual([
      'SQS ARNs: arn:silo:sqs::1:webhook',
      'SQS ARNs: arn:silo:sqs::1:webhook',
    ])

    // The target that came up delivers.
    const delivered = sink.bodies.length
    expect((await silo(['mb', 'local/photos'])).code).toBe(0)
    expect((await silo(['event', 'add', 'local/photos', 'arn:silo:sqs::1:webhook'])).code).toBe(0)
    await server.client().putObject('photos', 'cat.jpg', Buffer.from('meow'))
    for (let i = 0; i < 200 && sink.bodies.length === delivered; i++)
      await new Promise((r) => setTimeout(r, 25))
    expect(JSON.stringify(sink.bodies.slice(delivered))).toContain('cat.jpg')
  })

  it("an older setup's ~/.silo/config.json is read at start and restart until config set; then the data folder's wins", async () => {
    const home = await mkdtemp(join(scratch, 'home-'))
    await mkdir(join(home, '.silo'))
    const file = join(home, '.silo', 'config.json')
    const older = {
      version: '20',
      credential: { accessKey: 'old', secretKey: 'old-secret' },
      region: '',
      notify: { webhook: { '1': { enable: true, endpoint: sink.url } } as Record<string, unknown> },
    }
    await writeFile(file, JSON.stringify(older))
    const { server, silo } = await start(home)
    expect(arnLines(server)).toEqual(['SQS ARNs: arn:silo:sqs::1:webhook'])
    expect(server.output()).toContain(`server configuration read from ${file} (the data folder holds none)`)
    expect(server.output()).toContain(`${file}: ignoring credential`)
    expect((await getConfig(silo)).notify).toEqual(older.notify)

    // Older setups edit the file and restart: not copied at start, so the edit is read.
    older.notify.webhook['2'] = { enable: true, endpoint: sink.url }
    await writeFile(file, JSON.stringify(older))
    expect((await server.admin().serviceRestart()).sqsARN).toEqual([
      'arn:silo:sqs::1:webhook',
      'arn:silo:sqs::2:webhook',
    ])

    // A file that no longer reads: the restart says so naming the file, and the server goes on
    // with the configuration it had; config get names the file too.
    await writeFile(file, '{ "notify": ')
    const broken = await silo(['admin', 'service', 'restart', 'local'])
    expect(broken.code).toBe(1)
    expect(broken.stderr).toContain(`the configuration was not reloaded: ${file}: `)
    expect((await server.admin().serverInfo())[0]!.server.sqsARN).toHaveLength(2)
    const unreadable = await silo(['admin', 'config', 'get', 'local'])
    expect(unreadable.code).toBe(1)
    expect(unreadable.stderr).toContain(file)
    expect(unreadable.stderr).toContain('XSiloAdminConfigBadJSON')

    // config set writes the data folder's configuration, which wins over the file from then on.
    await writeFile(file, JSON.stringify(older))
    const config = await getConfig(silo)
    config.notify = { webhook: { '3': { enable: true, endpoint: sink.url } } }
    expect((await silo(['admin', 'config', 'set', 'local'], JSON.stringify(config))).code).toBe(0)
    expect((await silo(['admin', 'service', 'restart', 'local'])).code).toBe(0)
    expect(arnLines(server).at(-1)).toBe('SQS ARNs: arn:silo:sqs::3:webhook')
    expect(server.output()).toContain(
      `${file} is not used: the data folder holds the server configuration, which wins`,
    )
  })
})
