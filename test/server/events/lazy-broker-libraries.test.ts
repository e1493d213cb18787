/**
 * Starting the built server loads no broker client library; a target's library is loaded when a
 * target of that kind opens. Run in a child process whose module resolution is recorded by a
 * loader hook (`module.register`), since ESM imports leave no trace in `require.cache`.
 * The libraries are installed here (devDependencies), so a static import would load them.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TARGET_LIBRARIES } from '../../../src/server/events/targets/load-library.js'

const SERVER = join(import.meta.dirname, '../../../packages/silo-server/dist/server/index.js')
const LIBRARIES = Object.values(TARGET_LIBRARIES)

// Runs in the loader thread: each resolved URL is appended to a file before the import goes on,
// so by the time an import settles in the main thread its resolution is on record.
const HOOKS = `
import { appendFileSync } from 'node:fs'
let record
export function initialize(data) { record = data.record }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  appendFileSync(record, resolved.url + '\\n')
  return resolved
}
`

const START = `
import { register } from 'node:module'
const [record, hooks, serverUrl, dir, notify] = process.argv.slice(2)
register(hooks, { data: { record } })
const { createServer } = await import(serverUrl)
const server = createServer({ dir, address: '127.0.0.1:0', quiet: true, notify: JSON.parse(notify),
  logger: { info() {}, warn() {}, error() {} } })
await server.start()
await server.stop()
`

let work: string
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'silo-lazy-libs-'))
  await writeFile(join(work, 'hooks.mjs'), HOOKS)
  await writeFile(join(work, 'start.mjs'), START)
})
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

/** Starts and stops the built server with `notify`; returns the broker libraries that were loaded. */
async function librariesLoadedByStart(name: string, notify: unknown): Promise<string[]> {
  const record = join(work, `${name}.txt`)
  await writeFile(record, '')
  const args = [
    join(work, 'start.mjs'),
    record,
    pathToFileURL(join(work, 'hooks.mjs')).href,
    pathToFileURL(SERVER).href,
    join(work, name),
    JSON.stringify(notify),
  ]
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, args, (error, _stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
    ),
  )
  const urls = readFileSync(record, 'utf8').split('\n').filter(Boolean)
  expect(urls).toContain(pathToFileURL(SERVER).href) // the hook saw the server itself
  return LIBRARIES.filter((lib) => urls.some((url) => url.includes(`/node_modules/${lib}/`)))
}

describe('broker client libraries', () => {
  it.skipIf(!existsSync(SERVER))('are not loaded when the server starts without targets', async () => {
    expect(await librariesLoadedByStart('no-targets', {})).toEqual([])
  })

  it.skipIf(!existsSync(SERVER))(
    'are loaded one kind at a time, when a target of that kind opens',
    async () => {
      // Nothing listens on port 1: the redis target loads ioredis, fails to connect, and the server starts.
      const notify = {
        redis: { '1': { enable: true, format: 'access', address: '127.0.0.1:1', key: 'events' } },
      }
      expect(await librariesLoadedByStart('redis-target', notify)).toEqual(['ioredis'])
    },
  )
})
