// Command-line flags of bench/run.mjs.

export const USAGE = `usage: node bench/run.mjs [--quick] [--only name[,name...]] [--server silo|s3rver]
                         [--rounds N] [--duration MS] [--list]
  --quick      2 short rounds per measurement (smoke test, numbers are rough)
  --only       run only these scenarios (see --list)
  --server     server the SDK scenarios talk to (default: silo when built, else s3rver)
  --rounds     measured rounds per contestant (default 5)
  --duration   milliseconds per measured run (default 1000)`

/** Parses argv into the bench options; throws on an unknown flag. */
export function parseArgs(argv) {
  const options = {
    quick: false,
    only: null,
    server: null,
    list: false,
    rounds: 5,
    durationMs: 1000,
    warmupMs: 1500,
    warmupOps: 2000,
    maxOps: 200_000,
  }
  const explicit = {}
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      if (i + 1 >= argv.length) throw new UsageError(`${flag} needs a value`)
      return argv[++i]
    }
    if (flag === '--quick') options.quick = true
    else if (flag === '--list') options.list = true
    else if (flag === '--only') options.only = value().split(',').filter(Boolean)
    else if (flag === '--server') options.server = value()
    else if (flag === '--rounds') explicit.rounds = positiveInteger(flag, value())
    else if (flag === '--duration') explicit.durationMs = positiveInteger(flag, value())
    else if (flag === '--help' || flag === '-h') options.help = true
    else throw new UsageError(`unknown flag ${flag}\n${USAGE}`)
  }
  if (options.quick) Object.assign(options, { rounds: 2, durationMs: 200, warmupMs: 200, warmupOps: 200 })
  Object.assign(options, explicit)
  if (options.server && !['silo', 's3rver'].includes(options.server)) {
    throw new UsageError(`--server must be silo or s3rver, not ${options.server}`)
  }
  return options
}

function positiveInteger(flag, text) {
  const n = Number(text)
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} needs a positive integer, not ${text}`)
  return n
}

/** A bad command line: printed without a stack trace. */
export class UsageError extends Error {
  name = 'UsageError'
}
