/**
 * The two packages as a user gets them: `npm pack` of the SDK (`silo`, the top level) and of the
 * server + CLI (`silo-server`, packages/silo-server), each installed into an empty project from
 * npm's cache (the top-level `npm ci` filled it, so nothing is downloaded), then measured and used:
 * the SDK from Node (ESM and CommonJS), from TypeScript and through a browser bundle; the server
 * started by the `silo` command the package installs, the CLI talking to it, and the server
 * embedded with `createServer` and an event target whose broker library is not installed.
 * Needs the build (`npm test` builds first), so a missing build is a failure.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const SERVER_PACKAGE = join(ROOT, 'packages/silo-server')
const MiB = 1024 * 1024
/** The budget for `npm i silo`: at most 35 packages and 12 MiB on disk (file sizes). */
const SDK_MAX_PACKAGES = 35
const SDK_MAX_BYTES = 12 * MiB
/** What `npm i silo` must never bring: the server's and the CLI's libraries, the broker clients. */
const SERVER_ONLY = [
  'lmdb',
  'busboy',
  'saxes',
  'commander',
  'amqplib',
  'ioredis',
  'kafkajs',
  'mqtt',
  'mysql2',
]
const BROKERS = ['amqplib', 'ioredis', 'kafkajs', 'mqtt', 'mysql2', 'nats', 'nsqjs', 'pg']
const USER = 'pkg-root'
const PASSWORD = 'pkg-root-password'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs a command to its end (asynchronously, so a server child keeps answering). */
function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { cwd, env: { ...cleanEnv(), ...env }, maxBuffer: 32 * MiB },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** This process's environment without what `npm test` adds (npm_config_*...), which would steer a nested npm. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
}

async function runOk(file: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const result = await run(file, args, cwd, env)
  if (result.code !== 0)
    throw new Error(`${file} ${args.join(' ')} failed (${result.code}):\n${result.stderr}`)
  return result.stdout
}

/** `npm pack` of a package folder into `dest`; returns the tarball's path. */
async function pack(folder: string, dest: string): Promise<string> {
  const out = await runOk('npm', ['pack', '--pack-destination', dest, '--ignore-scripts', '--json'], folder)
  return join(dest, (JSON.parse(out) as Array<{ filename: string }>)[0]!.filename)
}

/** An empty project with `tarball` installed from the npm cache. Install scripts are not run (npm 11 here skips them anyway); `hasInstallScript` still tells. */
async function installInto(dir: string, tarball: string, type: 'module' | 'commonjs'): Promise<void> {
  await mkdir(dir)
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', private: true, type }),
  )
  await runOk(
    'npm',
    [
      'install',
      tarball,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    dir,
  )
}

/** What an install brought: packages (npm's record of node_modules), bytes on disk, native files, install scripts. */
function inventory(project: string) {
  const lock = JSON.parse(readFileSync(join(project, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>
  }
  const packages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'))
  let bytes = 0
  const native: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) {
        bytes += statSync(path).size
        if (entry.name.endsWith('.node') || entry.name === 'binding.gyp')
          native.push(path.slice(project.length + 1))
      }
    }
  }
  walk(join(project, 'node_modules'))
  return {
    names: packages.map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
    count: packages.length,
    bytes,
    native,
    installScripts: packages.filter((path) => lock.packages[path]!.hasInstallScript),
  }
}

/** Starts `silo server` from the installed package's bin and waits for its endpoint. */
function startCliServer(bin: string, dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(bin, ['server', dir, '--address', '127.0.0.1:0'], {
    env: { ...cleanEnv(), SILO_ROOT_USER: USER, SILO_ROOT_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString()
  })
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /Endpoint: +(http:\/\/\S+)/.exec(out)
      if (m && out.includes('Region:')) resolve({ child, url: m[1]! })
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`silo server exited with ${code}: ${err}`)))
  })
}

const SDK_ESM = `
import { Client } from 'silo'
const url = new URL(process.argv[2])
const client = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: '${USER}', secretKey: '${PASSWORD}' })
await client.makeBucket('pkg-esm')
await client.putObject('pkg-esm', 'hello.txt', 'hello from ESM')
let body = ''
for await (const chunk of await client.getObject('pkg-esm', 'hello.txt')) body += chunk
console.log(JSON.stringify({ body }))
`

const SDK_CJS = `
const { Client, S3Error } = require('silo')
const url = new URL(process.argv[2])
const client = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: '${USER}', secretKey: '${PASSWORD}' })
client.listBuckets().then(async (buckets) => {
  const missing = await client.statObject('pkg-esm', 'nothing-here').catch((e) => e)
  console.log(JSON.stringify({ buckets: buckets.map((b) => b.name), missing: missing instanceof S3Error ? missing.code : String(missing) }))
})
`

// Bundled for the browser, then run by Node, whose fetch and WebCrypto are the browser's APIs.
const SDK_BROWSER = `
import { Client } from 'silo'
export async function listKeys(endpoint) {
  const url = new URL(endpoint)
  const client = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: '${USER}', secretKey: '${PASSWORD}' })
  const keys = []
  for await (const item of client.listObjectsV2('pkg-esm', '', true)) keys.push(item.name)
  return keys
}
`

const SDK_TS = `
import { Client, S3Error, type BucketItemFromList } from 'silo'
const client: Client = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'a', secretKey: 'b' })
const buckets: Promise<BucketItemFromList[]> = client.listBuckets()
export const used: [Promise<BucketItemFromList[]>, typeof S3Error] = [buckets, S3Error]
`

const SERVER_TS = `
import { createServer, type ServerOptions } from 'silo-server'
const options: ServerOptions = { dir: './data', address: '127.0.0.1:0', quiet: true }
export const server = createServer(options)
`

const SERVER_EMBED = `
import { createServer } from 'silo-server'
const warnings = []
const logger = { info() {}, warn: (message) => warnings.push(message), error: (message) => warnings.push(message) }
const server = createServer({
  dir: process.argv[2], address: '127.0.0.1:0', quiet: true, logger,
  notify: { redis: { '1': { enable: true, format: 'access', address: '127.0.0.1:6379', key: 'events' } } },
})
const { url } = await server.start()
await server.stop()
console.log(JSON.stringify({ url, warnings }))
`

const TSCONFIG = {
  compilerOptions: {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    strict: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
  },
  include: ['check.ts'],
}

let work: string
let sdk: string
let server: string
let cli: { child: ChildProcess; url: string } | undefined

beforeAll(async () => {
  for (const built of ['dist/node/index.js', 'dist/node/index.cjs', 'dist/browser/index.js']) {
    expect(existsSync(join(ROOT, built)), `${built} (npm run build)`).toBe(true)
  }
  for (const built of ['dist/server/index.js', 'dist/cli/main.js']) {
    expect(existsSync(join(SERVER_PACKAGE, built)), `packages/silo-server/${built} (npm run build)`).toBe(
      true,
    )
  }
  work = await mkdtemp(join(tmpdir(), 'silo-packages-'))
  sdk = join(work, 'sdk-app')
  server = join(work, 'server-app')
  const [sdkTarball, serverTarball] = await Promise.all([pack(ROOT, work), pack(SERVER_PACKAGE, work)])
  await Promise.all([installInto(sdk, sdkTarball, 'module'), installInto(server, serverTarball, 'module')])
}, 120_000)

afterAll(async () => {
  cli?.child.kill('SIGKILL')
  if (work) await rm(work, { recursive: true, force: true })
})

describe('npm i silo (the SDK package)', () => {
  it(`brings at most ${SDK_MAX_PACKAGES} packages and ${SDK_MAX_BYTES / MiB} MiB, no native code, no install scripts, no server library`, () => {
    const got = inventory(sdk)
    console.log(`silo: ${got.count} packages, ${(got.bytes / MiB).toFixed(1)} MiB installed`)
    expect(got.names).toContain('silo')
    expect(got.count).toBeLessThanOrEqual(SDK_MAX_PACKAGES)
    expect(got.bytes).toBeLessThanOrEqual(SDK_MAX_BYTES)
    expect(got.native).toEqual([])
    expect(got.installScripts).toEqual([])
    expect(got.names.filter((name) => SERVER_ONLY.includes(name) || BROKERS.includes(name))).toEqual([])
    expect(got.names.filter((name) => name.includes('silo-server'))).toEqual([])
  })

  it('type-checks in a TypeScript project (NodeNext resolution, the package types)', async () => {
    await writeFile(join(sdk, 'check.ts'), SDK_TS)
    await writeFile(join(sdk, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    const tsc = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', sdk], sdk)
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.code).toBe(0)
  })

  it('bundles for the browser without Node built-ins', async () => {
    await writeFile(join(sdk, 'browser-entry.js'), SDK_BROWSER)
    const result = await build({
      absWorkingDir: sdk,
      entryPoints: ['browser-entry.js'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      outfile: join(sdk, 'browser-bundle.js'),
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.some((path) => path.includes('node_modules/silo/dist/browser/'))).toBe(true)
    expect(
      inputs.filter((path) => path.startsWith('node:') || /node_modules\/silo\/dist\/node\//.test(path)),
    ).toEqual([])
  })
})

describe('npm i silo-server (the server and the silo command)', () => {
  it('brings the server libraries and no broker client (those are optional peers)', () => {
    const got = inventory(server)
    console.log(`silo-server: ${got.count} packages, ${(got.bytes / MiB).toFixed(1)} MiB installed`)
    expect(got.names).toEqual(expect.arrayContaining(['silo-server', 'lmdb', 'busboy', 'saxes', 'commander']))
    expect(got.names.filter((name) => BROKERS.includes(name))).toEqual([])
    // The CLI carries its own copy of the SDK: the SDK package is not a dependency.
    expect(got.names).not.toContain('silo')
    const manifest = JSON.parse(readFileSync(join(server, 'node_modules/silo-server/package.json'), 'utf8'))
    for (const broker of BROKERS) expect(manifest.peerDependenciesMeta[broker]).toEqual({ optional: true })
  })

  it('type-checks createServer in a TypeScript project', async () => {
    await writeFile(join(server, 'check.ts'), SERVER_TS)
    await writeFile(join(server, 'tsconfig.json'), JSON.stringify(TSCONFIG))
    const tsc = await run(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', server],
      server,
    )
    expect(tsc.stdout + tsc.stderr).toBe('')
    expect(tsc.code).toBe(0)
  })

  it('starts with `silo server`; the CLI and the SDK (ESM, CommonJS, browser bundle) talk to it', async () => {
    const bin = join(server, 'node_modules/.bin/silo')
    cli = await startCliServer(bin, join(work, 'data'))
    const { url } = cli
    const config = ['--config-dir', join(work, 'silo-config')]
    await runOk(bin, [...config, 'config', 'host', 'add', 'local', url, USER, PASSWORD], server)
    expect(await runOk(bin, [...config, 'mb', 'local/pkg-cli'], server)).toContain('local/pkg-cli')

    await writeFile(join(sdk, 'esm.mjs'), SDK_ESM)
    expect(JSON.parse(await runOk(process.execPath, ['esm.mjs', url], sdk))).toEqual({
      body: 'hello from ESM',
    })
    await writeFile(join(sdk, 'cjs.cjs'), SDK_CJS)
    expect(JSON.parse(await runOk(process.execPath, ['cjs.cjs', url], sdk))).toEqual({
      buckets: ['pkg-cli', 'pkg-esm'],
      missing: 'NotFound',
    })
    await writeFile(
      join(sdk, 'run-bundle.mjs'),
      `import { listKeys } from './browser-bundle.js'\nconsole.log(JSON.stringify(await listKeys(process.argv[2])))\n`,
    )
    expect(JSON.parse(await runOk(process.execPath, ['run-bundle.mjs', url], sdk))).toEqual(['hello.txt'])

    const listing = await runOk(bin, [...config, 'ls', 'local'], server)
    expect(listing).toContain('pkg-cli/')
    expect(listing).toContain('pkg-esm/')
  })

  it('embeds with createServer; a target whose broker library is not installed says which package to install', async () => {
    await writeFile(join(server, 'embed.mjs'), SERVER_EMBED)
    const out = JSON.parse(await runOk(process.execPath, ['embed.mjs', join(work, 'embedded')], server)) as {
      url: string
      warnings: string[]
    }
    expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(out.warnings.join('\n')).toContain(
      'redis targets need the npm package ioredis, which is not installed: run npm install ioredis',
    )
  })
})
