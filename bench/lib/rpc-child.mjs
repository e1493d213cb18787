// Child side of children.mjs: answers `{id, cmd, args}` messages with the named handler's
// result, and exits when the parent disconnects so no child outlives a crashed bench.

/** Serves `handlers` (cmd → async (args) → result) over the IPC channel. */
export function serveRequests(handlers) {
  process.on('disconnect', () => process.exit(0))
  process.on('message', async ({ id, cmd, args }) => {
    try {
      const handler = handlers[cmd]
      if (!handler) throw new Error(`unknown command ${cmd}`)
      process.send({ id, ok: true, result: await handler(args) })
    } catch (error) {
      process.send({ id, ok: false, error: describeError(error), stack: error?.stack })
    }
  })
}

function describeError(error) {
  if (!(error instanceof Error)) return String(error)
  const code = error.code || error.Code || (error.name === 'Error' ? '' : error.name)
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message
}
