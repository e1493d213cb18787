/**
 * Erasure-coded acceptance tests run the BUILT `silo server DRIVE...` (the server package's
 * dist/cli/main.js, a private copy, see test/cli/helpers/cli.ts) as a child process over
 * temporary drives, so a test can SIGKILL it, damage drives between requests and restart it on
 * the same drives.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterEach } from 'vitest'
import {
  AdminClient,
  Client,
  type DriveState,
  type HealOptions,
  type HealResultItem,
} from '../../../src/index.js'
import { CLI } from '../../cli/helpers/cli.js'

export { CLI_BUILT } from '../../cli/helpers/cli.js'

export type { DriveState, HealResultItem }

export const ROOT_USER = 'erasure-root'
export const ROOT_PASSWORD = 'erasure-root-password-0123'
export const MiB = 1024 * 1024

/** Temporary drives `<root>/d1` … `<root>/dN` (created, empty). */
export interface Drives {
  root: string
  paths: string[]
  /** Removes every drive and anything renamed away next to them. */
  remove(): Promise<void>
}

/** What the running test made: killed and removed after it, last made first. */
const cleanups: Array<() => Promise<void>> = []

/**
 * Kills every server and removes every drive set each test of the calling file made
 * (createDrives, startSilo). Call once at the top of a test file.
 */
export function cleanUpErasureRuns(): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
}

/** Creates `count` empty drive directories under one temporary root. */
export async function createDrives(count = 8): Promise<Drives> {
  const root = await mkdtemp(join(tmpdir(), 'silo-erasure-'))
  const paths = Array.from({ length: count }, (_, i) => join(root, `d${i + 1}`))
  const remove = () => rm(root, { recursive: true, force: true })
  cleanups.push(remove)
  await Promise.all(paths.map((path) => mkdir(path)))
  return { root, paths, remove }
}

/** A `silo server` child process. */
export interface SiloProcess {
  url: string
  host: string
  port: number
  /** The server's process id (its /proc entry: CPU, memory). */
  pid: number
  /** Everything it printed so far. */
  output(): string
  client(): Client
  admin(): AdminClient
  /** SIGINT, then wait for exit. */
  stop(): Promise<void>
  /** SIGKILL, then wait for exit (a crash: no cleanup runs). */
  kill(): Promise<void>
}

/** Environment every erasure server runs with: drive health re-checked on every request. */
const ERASURE_ENV = {
  SILO_ROOT_USER: ROOT_USER,
  SILO_ROOT_PASSWORD: ROOT_PASSWORD,
  SILO_DRIVE_CHECK_MS: '0',
}

/**
 * Starts `silo server ARGS... --address ADDRESS` (default 127.0.0.1:0) and resolves once its banner names the
 * endpoint; rejects with its output if it exits first or stays silent for `timeoutMs`.
 */
export async function startSilo(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 20_000,
  address = '127.0.0.1:0',
): Promise<SiloProcess> {
  const child = spawn(process.execPath, [CLI, 'server', ...args, '--address', address], {
    env: { ...process.env, NO_COLOR: '', ...ERASURE_ENV, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  const collect = (chunk: Buffer) => {
    out += chunk.toString()
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // Killed after the test even when it never served (a start that timed out).
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`silo server printed no banner:\n${out}`)), timeoutMs)
    child.stdout.on('data', () => {
      const match = /Endpoint: +(http:\/\/\S+)/.exec(out)
      if (match && out.includes('Region:')) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`silo server exited (${code ?? signal}) before serving:\n${out}`))
    })
  })
  const { hostname: host, port } = new URL(url)
  const options = {
    endPoint: host,
    port: Number(port),
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    url,
    host,
    port: Number(port),
    pid: child.pid!,
    output: () => out,
    client: () => new Client(options),
    admin: () => new AdminClient(options),
    stop: () => end('SIGINT'),
    kill: () => end('SIGKILL'),
  }
}

/** Starts an erasure server over `drives` (8 drives, parity 4, unless the env says otherwise). */
export function startErasureServer(drives: Drives, env: NodeJS.ProcessEnv = {}): Promise<SiloProcess> {
  return startSilo(drives.paths, env)
}

/** Runs `silo server ARGS...` in `cwd`, for a start that should fail: its exit code and output. */
export function runSiloServer(
  args: string[],
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcessWithoutNullStreams = spawn(
      process.execPath,
      [CLI, 'server', ...args, '--address', '127.0.0.1:0'],
      { cwd, env: { ...process.env, NO_COLOR: '', ...ERASURE_ENV }, stdio: 'pipe' },
    )
    let output = ''
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString()
    })
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString()
    })
    child.once('error', reject)
    // A server that started by mistake would never exit: stop it so the test fails, not hangs.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
    child.stdin.end()
  })
}

// ---- heal ----

/** A heal run: every result item in order, and how it ended. */
export interface HealRun {
  summary: string
  detail: string
  items: HealResultItem[]
}

/**
 * Starts a heal sequence with `AdminClient.heal` and polls it with `healStatus` to its end,
 * gathering the items each poll hands out (they are handed out once).
 */
export async function runHeal(
  server: SiloProcess,
  request: HealOptions,
  timeoutMs = 60_000,
): Promise<HealRun> {
  const admin = server.admin()
  const { clientToken } = await admin.heal(request)
  const where = { bucket: request.bucket, prefix: request.prefix, clientToken }
  const items: HealResultItem[] = []
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await admin.healStatus(where)
    items.push(...status.items)
    if (status.summary !== 'running') return { summary: status.summary, detail: status.detail, items }
    if (Date.now() > deadline) throw new Error(`heal still running after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Each drive's state in one side of an item, in set order. */
export function statesOf(item: HealResultItem, side: 'before' | 'after'): DriveState[] {
  return item[side].drives.map((drive) => drive.state)
}

/** The items in which any drive, before or after, is not `ok` (none: nothing was left to heal). */
export function itemsNotOk(items: HealResultItem[]): HealResultItem[] {
  return items.filter((item) =>
    [...statesOf(item, 'before'), ...statesOf(item, 'after')].some((state) => state !== 'ok'),
  )
}

/** A one-line description of an item for failure messages. */
export function describeItem(item: HealResultItem): string {
  const name = item.type === 'object' ? `${item.bucket}/${item.object}` : item.bucket || item.detail
  return `${item.type} ${name}: ${statesOf(item, 'before').join(',')} -> ${statesOf(item, 'after').join(',')}`
}

// ---- drives ----

/** Removes everything inside `drive` (it stays, empty: a replaced disk). */
export async function wipeDrive(drive: string): Promise<void> {
  for (const name of await readdir(drive)) await rm(join(drive, name), { recursive: true, force: true })
}

/** Renames `drive` away (the drive is offline) and returns a function that brings it back. */
export async function takeOffline(drive: string): Promise<() => Promise<void>> {
  const away = `${drive}.offline`
  await rename(drive, away)
  return () => rename(away, drive)
}

/** One file of a drive: path relative to the drive, size and SHA-256. */
export interface FileRecord {
  path: string
  size: number
  sha256: string
}

/** Every file under `dir`, sorted by path. */
export async function snapshotFiles(dir: string): Promise<FileRecord[]> {
  const out: FileRecord[] = []
  for (const path of await listFiles(dir)) {
    const bytes = await readFile(path)
    out.push({ path: relative(dir, path), size: bytes.length, sha256: sha256(bytes) })
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** Every regular file under `dir` (absolute paths, unsorted); none when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    },
  )
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/** Whether `path` exists. */
export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

// ---- objects ----

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/** An object's bytes read with `getObject` to the end. */
export async function readObject(client: Client, bucket: string, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await client.getObject(bucket, key)) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** `length` bytes from `offset` of an object, with a ranged GET. */
export async function readRange(
  client: Client,
  bucket: string,
  key: string,
  offset: number,
  length: number,
): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await client.getPartialObject(bucket, key, offset, length)) {
    chunks.push(Buffer.from(chunk as Uint8Array))
  }
  return Buffer.concat(chunks)
}

/** The S3 error code a promise rejects with, or 'no error'. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'no error',
    (error: { code?: string; statusCode?: number }) =>
      `${error.statusCode ?? '?'} ${error.code ?? String(error)}`,
  )
}
