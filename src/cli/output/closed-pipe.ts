/**
 * What the CLI does when the reader of its output goes away (`silo ls local | head -1`): it
 * ends at once, printing nothing, killed by SIGPIPE — as `ls`, `cat` and `mc` (a Go program:
 * a broken pipe on fd 1 or 2 kills it by SIGPIPE) end. A shell shows status 141 (128 + 13)
 * only under `set -o pipefail`, exactly as it does for those tools.
 *
 * Node ignores SIGPIPE, so a write to a closed pipe fails with EPIPE instead, and an EPIPE
 * nobody handled printed a stack trace (issue 12, defect 11). Watching both output streams
 * here covers every command at once.
 */

/** Both output streams; the CLI writes nowhere else. */
function outputStreams(): NodeJS.WriteStream[] {
  return [process.stdout, process.stderr]
}

function isEpipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE'
}

/**
 * Whether stdout or stderr has failed because its reader closed the pipe. A command whose
 * failure is that (e.g. `cat` streaming into stdout) must not report it as an error.
 * @example
 * if (isOutputClosed()) endByClosedPipe()
 */
export function isOutputClosed(): boolean {
  return outputStreams().some((stream) => isEpipe(stream.errored))
}

/**
 * Ends the process by SIGPIPE, as a pipe writer without Node's override does.
 * @example
 * endByClosedPipe()
 */
export function endByClosedPipe(): never {
  // Adding and then removing a listener gives SIGPIPE its default action (end the process)
  // back: libuv resets the disposition when the last listener goes.
  const ignore = () => undefined
  process.on('SIGPIPE', ignore)
  process.off('SIGPIPE', ignore)
  process.kill(process.pid, 'SIGPIPE')
  // Another thread of the process may take the signal a moment later: wait for it without
  // running any more JavaScript (which would write again), then end with the shell's number.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000)
  process.exit(128 + 13)
}

/**
 * Makes an EPIPE on stdout or stderr end the CLI quietly (`endByClosedPipe`); any other error
 * on them stays as loud as before. Called once, before any command runs.
 * @example
 * endQuietlyOnClosedPipe()
 */
export function endQuietlyOnClosedPipe(): void {
  for (const stream of outputStreams()) {
    stream.on('error', (error) => {
      if (isEpipe(error)) endByClosedPipe()
      throw error
    })
  }
}
