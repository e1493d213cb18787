// Parent side of the bench's child processes: fork, request/response over IPC, and a
// guarantee that every child dies with the parent (normal exit, error or signal).
import { fork } from 'node:child_process'

const live = new Set()
const cleanups = []
let hooked = false

function hookExit() {
  if (hooked) return
  hooked = true
  process.on('exit', () => {
    for (const child of live) child.kill('SIGKILL')
    for (const cleanup of cleanups) cleanup()
  })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130))
}

/** Runs `fn` synchronously when the process exits, after the children are killed. */
export function onExit(fn) {
  hookExit()
  cleanups.push(fn)
}

/**
 * Forks `modulePath` and returns a handle whose `request(cmd, args)` resolves with the
 * child's answer (see rpc-child.mjs). The child exits when the parent goes away.
 */
export function forkChild(modulePath, { execArgv = [], name = modulePath } = {}) {
  hookExit()
  const child = fork(modulePath, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  live.add(child)
  const pending = new Map()
  let nextId = 1
  let exitError = null
  child.on('message', (message) => {
    const waiter = pending.get(message.id)
    if (!waiter) return
    pending.delete(message.id)
    if (message.ok) waiter.resolve(message.result)
    else waiter.reject(Object.assign(new Error(message.error), { stack: message.stack }))
  })
  child.on('exit', (code, signal) => {
    live.delete(child)
    exitError = new Error(`${name} exited (code ${code}, signal ${signal})`)
    for (const waiter of pending.values()) waiter.reject(exitError)
    pending.clear()
  })
  return {
    pid: child.pid,
    request(cmd, args = {}) {
      if (exitError) return Promise.reject(exitError)
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        child.send({ id, cmd, args })
      })
    },
    kill() {
      if (!exitError) child.kill('SIGKILL')
      return new Promise((resolve) => (exitError ? resolve() : child.once('exit', () => resolve())))
    },
  }
}
