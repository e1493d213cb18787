/**
 * Client CPU per small request (issue 18): 1-KiB getObject or putObject against a trivial
 * node:http server in a child process (so only the client's CPU is counted), for two builds of
 * the Silo SDK, minio-js and a bare node:http client, in interleaved rounds, each round a fresh
 * process per contestant; prints the medians and the ratios.
 *
 *   npx tsup && node test/sdk/perf/small-request-cpu.mjs get|put [concurrency=1] [rounds=5] [ops=10000]
 *   BEFORE=path/to/other/dist/node/index.js node test/sdk/perf/small-request-cpu.mjs get
 */
import { execFileSync, fork } from 'node:child_process'
import http from 'node:http'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'

const self = fileURLToPath(import.meta.url)
const built = fileURLToPath(new URL('../../../dist/node/index.js', import.meta.url))
const body = Buffer.alloc(1024, 7)
const etag = '"0123456789abcdef0123456789abcdef"'

function serve() {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'PUT') res.writeHead(200, { etag, 'content-length': 0 }).end()
      else res.writeHead(200, { etag, 'content-length': body.length }).end(body)
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => process.send(server.address().port))
}

const drain = (stream) =>
  new Promise((resolve, reject) =>
    stream
      .on('data', () => {})
      .on('end', resolve)
      .on('error', reject),
  )

// One contestant in this process: warm up, then `ops` operations; prints µs of CPU per op.
async function measure(kind, entry, op, concurrency, ops) {
  const server = fork(self, ['serve'])
  const port = await new Promise((resolve) => server.once('message', resolve))
  const agent = new http.Agent({ keepAlive: true })
  const options = { endPoint: '127.0.0.1', port, useSSL: false, region: 'us-east-1' }
  Object.assign(options, { accessKey: 'AK', secretKey: 'SECRETKEY', transportAgent: agent })
  let one
  if (kind === 'http') {
    one = () =>
      new Promise((resolve, reject) => {
        const method = op === 'put' ? 'PUT' : 'GET'
        const req = http.request({ host: '127.0.0.1', port, agent, method, path: '/b/k' }, (res) =>
          drain(res).then(resolve, reject),
        )
        req.on('error', reject).end(op === 'put' ? body : undefined)
      })
  } else {
    const Client =
      kind === 'minio'
        ? createRequire(import.meta.url)('minio').Client
        : (await import(pathToFileURL(entry).href)).Client
    const client = new Client(options)
    one =
      op === 'put'
        ? (i) => client.putObject('bench', `k${i % 8}`, body, body.length)
        : async (i) => drain(await client.getObject('bench', `k${i % 8}`))
  }
  const run = async (n) => {
    let i = 0
    const worker = async () => {
      while (i < n) await one(i++)
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
  }
  await run(3000)
  const start = process.cpuUsage()
  await run(ops)
  const cpu = process.cpuUsage(start)
  console.log(String((cpu.user + cpu.system) / ops))
  server.kill()
  process.exit(0)
}

const [first, ...rest] = process.argv.slice(2)
if (first === 'serve') serve()
else if (first === 'measure') await measure(rest[0], rest[1], rest[2], Number(rest[3]), Number(rest[4]))
else {
  const [op = first ?? 'get', concurrency = '1', rounds = '5', ops = '10000'] = [first, ...rest]
  const contestants = [
    ...(process.env.BEFORE ? [['before', 'silo', process.env.BEFORE]] : []),
    ['silo', 'silo', built],
    ['minio-js', 'minio', ''],
    ['node:http', 'http', ''],
  ]
  const samples = new Map(contestants.map(([name]) => [name, []]))
  for (let round = 0; round < Number(rounds); round++) {
    for (const [name, kind, entry] of contestants) {
      const out = execFileSync(process.execPath, [self, 'measure', kind, entry, op, concurrency, ops])
      samples.get(name).push(Number(out.toString()))
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
  const minio = median(samples.get('minio-js'))
  console.log(
    `${op} 1 KiB, concurrency ${concurrency}: client CPU µs/op, median of ${rounds} interleaved rounds`,
  )
  for (const [name, list] of samples) {
    console.log(
      `  ${name.padEnd(10)} ${median(list).toFixed(1).padStart(7)}  ${(median(list) / minio).toFixed(2)}× minio-js`,
    )
  }
}
