/**
 * SDK-only CPU per putObject: the same 1-KiB upload through a fake `transport` that answers at once,
 * so node:http and the kernel are out of the measurement. Compares silo with minio-js.
 *
 *   npx tsup && node test/sdk/perf/sdk-only-cpu.mjs [ops=50000]
 */
import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'

const ops = Number(process.argv[2] ?? 50000)
const headers = { etag: '"abc"', 'content-length': '0' }
const respond = () => Object.assign(Readable.from([]), { statusCode: 200, headers })
const transport = {
  request(_options, onResponse) {
    const req = new EventEmitter()
    req.setTimeout = () => req
    req.write = () => true
    req.end = () => {
      queueMicrotask(() => onResponse(respond()))
      return req
    }
    req.destroy = () => {}
    return req
  },
}
const options = {
  endPoint: '127.0.0.1',
  port: 9000,
  useSSL: false,
  accessKey: 'AK',
  secretKey: 'SK',
  region: 'us-east-1',
  transport,
}
const { Client } = await import('../../../dist/node/index.js')
const minio = await import('minio')
const body = Buffer.alloc(1024, 7)
for (const [name, client] of [
  ['silo', new Client(options)],
  ['minio-js', new minio.Client(options)],
].slice(0, process.env.ONLY_SILO ? 1 : 2)) {
  for (let i = 0; i < 5000; i++) await client.putObject('bench', `warm-${i}`, body)
  const start = process.cpuUsage()
  for (let i = 0; i < ops; i++) await client.putObject('bench', `key-${i}`, body)
  const cpu = process.cpuUsage(start)
  console.log(
    `${name.padEnd(10)} ${((cpu.user + cpu.system) / ops).toFixed(1)} µs CPU/op without I/O, ${ops} ops`,
  )
}
