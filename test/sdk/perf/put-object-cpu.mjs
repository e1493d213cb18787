/**
 * Client CPU per small operation: N × 1-KiB putObject against a trivial node:http server running in a
 * child process (so its CPU is not counted). Compares silo (built dist) with minio-js in the same run.
 *
 *   npx tsup && node test/sdk/perf/put-object-cpu.mjs [ops=5000] [rounds=5]
 */
import { fork } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'

if (process.argv[2] === 'server') {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { etag: '"d41d8cd98f00b204e9800998ecf8427e"', 'content-length': '0' })
      res.end()
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => process.send(server.address().port))
} else {
  const ops = Number(process.argv[2] ?? 5000)
  const child = fork(fileURLToPath(import.meta.url), ['server'])
  const port = await new Promise((resolve) => child.once('message', resolve))
  const body = Buffer.alloc(1024, 7)
  const options = {
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'AK',
    secretKey: 'SECRETKEY',
    region: 'us-east-1',
  }

  const { Client } = await import('../../../dist/node/index.js')
  const minio = await import('minio')
  const agent = new http.Agent({ keepAlive: true })
  const clients = {
    silo: new Client(options),
    'minio-js': new minio.Client(options),
    // The floor: an unsigned node:http PUT with the same keep-alive agent and no SDK at all.
    'raw http': { putObject: (bucket, key, data) => rawPut(agent, port, `/${bucket}/${key}`, data) },
  }

  // The machine is noisy: run the clients in interleaved rounds and report each one's median.
  const rounds = Number(process.argv[3] ?? 5)
  const results = Object.fromEntries(Object.keys(clients).map((name) => [name, []]))
  for (const client of Object.values(clients)) {
    for (let i = 0; i < 500; i++) await client.putObject('bench', `warm-${i}`, body) // JIT + keep-alive warm-up
  }
  for (let round = 0; round < rounds; round++) {
    for (const [name, client] of Object.entries(clients)) {
      const start = process.cpuUsage()
      for (let i = 0; i < ops; i++) await client.putObject('bench', `key-${i}`, body)
      const cpu = process.cpuUsage(start)
      results[name].push((cpu.user + cpu.system) / ops)
    }
  }
  for (const [name, samples] of Object.entries(results)) {
    const sorted = [...samples].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)]
    console.log(
      `${name.padEnd(10)} median ${median.toFixed(1)} µs CPU/op (min ${sorted[0].toFixed(1)}, max ${sorted.at(-1).toFixed(1)}; ${rounds} rounds × ${ops} ops)`,
    )
  }
  child.kill()
  agent.destroy()
  process.exit(0)
}

function rawPut(agent, port, path, data) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'PUT', agent, headers: { 'content-length': data.length } },
      (res) => {
        res.resume()
        resolve(res.headers.etag)
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}
