// What decrypting an SSE-S3 object costs in the cipher alone: 1 GiB as 16,384 packages of
// 64 KiB (the encrypted stream format, src/server/storage/encryption/package-format.ts), each
// opened with its own AES-256-GCM decipher as the server does, then the same through WebCrypto
// (`subtle.decrypt` on libuv's thread pool, N in flight). CPU seconds of this process, all
// threads. Run: node bench/probes/aes-gcm-packages.mjs
import { createCipheriv, createDecipheriv, randomBytes, webcrypto } from 'node:crypto'

const PACKAGE = 64 * 1024
const PACKAGES = 16_384
const keyBytes = randomBytes(32)
const nonce = Buffer.alloc(12)
const cipher = createCipheriv('aes-256-gcm', keyBytes, nonce)
const sealed = Buffer.concat([cipher.update(randomBytes(PACKAGE)), cipher.final(), cipher.getAuthTag()])
const text = sealed.subarray(0, PACKAGE)
const tag = sealed.subarray(PACKAGE)

function cpuSeconds(since) {
  const used = process.cpuUsage(since)
  return ((used.user + used.system) / 1e6).toFixed(2)
}

let since = process.cpuUsage()
let start = performance.now()
for (let i = 0; i < PACKAGES; i++) {
  const decipher = createDecipheriv('aes-256-gcm', keyBytes, nonce)
  decipher.update(text)
  decipher.setAuthTag(tag)
  decipher.final()
}
console.log(
  `node:crypto decipher per package: ${cpuSeconds(since)} CPU-s per GiB, ${((performance.now() - start) / 1000).toFixed(2)} s`,
)

const key = await webcrypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['decrypt'])
for (const inFlight of [4, 16]) {
  since = process.cpuUsage()
  start = performance.now()
  const pending = []
  for (let i = 0; i < PACKAGES; i++) {
    pending.push(webcrypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, tagLength: 128 }, key, sealed))
    if (pending.length >= inFlight) await pending.shift()
  }
  await Promise.all(pending)
  console.log(
    `WebCrypto, ${inFlight} in flight: ${cpuSeconds(since)} CPU-s per GiB (all threads), ${((performance.now() - start) / 1000).toFixed(2)} s`,
  )
}
