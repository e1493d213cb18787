import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const FIXTURE = fileURLToPath(new URL('./events-server-fixture.ts', import.meta.url))
const VITE_NODE = fileURLToPath(new URL('../../../../node_modules/vite-node/vite-node.mjs', import.meta.url))

/** A server running in a child process. */
export interface ChildServer {
  url: string
  child: ChildProcess
  /** SIGKILL: no shutdown code runs, as in a crash or power cut of the process. */
  kill(): Promise<void>
  stop(): Promise<void>
}

/** Starts the fixture server in a child process and waits for its URL. */
export async function startChildServer(options: {
  dir: string | string[]
  notify: unknown
  rootUser: string
  rootPassword: string
}): Promise<ChildServer> {
  const child = spawn(process.execPath, [VITE_NODE, FIXTURE, '--', JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (c) => (stderr += c))
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (c) => {
      out += c
      const line = out.split('\n').find((l) => l.startsWith('{"url"'))
      if (line) resolve((JSON.parse(line) as { url: string }).url)
    })
    child.once('exit', (code) => reject(new Error(`server process exited (${code}): ${stderr}`)))
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL')
      await exited
    },
    async stop() {
      child.kill('SIGTERM')
      await exited
    },
  }
}
