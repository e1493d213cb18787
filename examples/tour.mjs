// A tour of the SDK beyond the quick start, against a local Silo server (npm start in another
// terminal): a multipart upload of an unknown-length stream with progress, a lazy listing, a
// presigned URL fetched without credentials, a live event listener, and the AdminClient.
// SILO_ENDPOINT=127.0.0.1:9000 SILO_ROOT_USER=... SILO_ROOT_PASSWORD=... node examples/tour.mjs
import { Readable } from 'node:stream'
import { AdminClient, Client } from '../dist/node/index.js'

const [endPoint, port] = (process.env.SILO_ENDPOINT ?? '127.0.0.1:9000').split(':')
const options = {
  endPoint,
  port: Number(port),
  useSSL: false,
  accessKey: process.env.SILO_ROOT_USER ?? 'siloadmin',
  secretKey: process.env.SILO_ROOT_PASSWORD ?? 'siloadmin',
}
const client = new Client(options)
const bucket = `tour-${Date.now()}`
await client.makeBucket(bucket)

// Events as they happen, while the rest of the tour runs.
const listener = client.listenBucketNotification(bucket, 'logs/', '', ['s3:ObjectCreated:*'])
const heard = new Promise((resolve) => listener.on('notification', (record) => resolve(record)))
await new Promise((resolve) => setTimeout(resolve, 200))

// 12 MiB from a generator: the SDK does not know the size, so it goes multipart.
function* chunks() {
  for (let i = 0; i < 12; i++) yield Buffer.alloc(1024 * 1024, i)
}
let lastProgress = 0
const { etag } = await client.putObject(
  bucket,
  'logs/big.bin',
  Readable.from(chunks()),
  undefined,
  {},
  {
    onProgress: ({ loaded }) => {
      lastProgress = loaded
    },
  },
)
console.log(`multipart etag=${etag} progress=${lastProgress}`)

const record = await heard
console.log(`heard ${record.eventName} ${decodeURIComponent(record.s3.object.key)}`)
listener.stop()

await client.putObject(bucket, 'notes/a.txt', 'a')
const names = []
for await (const item of client.listObjectsV2(bucket, '', true)) names.push(`${item.name}:${item.size}`)
console.log(`listed ${names.join(' ')}`)

const url = await client.presignedGetObject(bucket, 'notes/a.txt', 60)
console.log(`presigned GET -> ${(await fetch(url)).status}`)

const admin = new AdminClient(options)
await admin.addUser('tour-reader', 'tour-reader-secret', 'readonly')
const users = await admin.listUsers()
console.log(`users ${users.some((u) => u.accessKey === 'tour-reader') ? 'include' : 'lack'} tour-reader`)
await admin.removeUser('tour-reader')
const [info] = await admin.serverInfo()
console.log(`server ${info.service} backend=${info.storage.backend.backendType}`)

await client.removeObjects(bucket, ['logs/big.bin', 'notes/a.txt'])
await client.removeBucket(bucket)
