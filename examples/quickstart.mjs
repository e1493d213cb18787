// Runs the README's quick start against a local Silo server (npm start in another terminal).
// Endpoint and keys can be overridden: SILO_ENDPOINT=127.0.0.1:9000 SILO_ROOT_USER=... node examples/quickstart.mjs
import { Client } from '../dist/node/index.js'

const [host, port] = (process.env.SILO_ENDPOINT ?? '127.0.0.1:9000').split(':')
const client = new Client({
  endPoint: host,
  port: Number(port),
  useSSL: false,
  accessKey: process.env.SILO_ROOT_USER ?? 'siloadmin',
  secretKey: process.env.SILO_ROOT_PASSWORD ?? 'siloadmin',
})

const bucket = `quickstart-${Date.now()}`
await client.makeBucket(bucket)
const { etag } = await client.putObject(bucket, 'hello.txt', 'hello, silo\n', undefined, {
  'Content-Type': 'text/plain',
})
console.log(`put ${bucket}/hello.txt etag=${etag}`)

const stat = await client.statObject(bucket, 'hello.txt')
console.log(`stat size=${stat.size} type=${stat.metaData['content-type']}`)

let text = ''
for await (const chunk of await client.getObject(bucket, 'hello.txt')) text += chunk
console.log(`get -> ${JSON.stringify(text)}`)

// The callback form of the same API:
await new Promise((resolve, reject) =>
  client.removeObject(bucket, 'hello.txt', (err) => (err ? reject(err) : resolve())),
)
await client.removeBucket(bucket)
console.log(`buckets now: ${(await client.listBuckets()).map((b) => b.name).join(', ') || '(none)'}`)
