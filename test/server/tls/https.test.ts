/**
 * HTTPS: the server serves TLS with a certificate given to createServer or read from a certs
 * dir; the SDK connects trusting it through setRequestOptions({ ca }) or skipping verification
 * with rejectUnauthorized: false, and refuses it otherwise.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, NetworkError } from '../../../src/index.js'
import { createServer, readCertsDir, type SiloServer } from '../../../src/server/index.js'
import { createSelfSigned, type SelfSigned } from './self-signed.js'

const USER = 'tls-root-user'
const PASSWORD = 'tls-root-password'
let certs: SelfSigned
let dataDir: string
let server: SiloServer
let url: string
let port: number

beforeAll(async () => {
  certs = createSelfSigned()
  dataDir = await mkdtemp(join(tmpdir(), 'silo-tls-'))
  server = createServer({
    dir: dataDir,
    address: '127.0.0.1:0',
    rootUser: USER,
    rootPassword: PASSWORD,
    quiet: true,
    tls: readCertsDir(certs.dir),
  })
  ;({ url, port } = await server.start())
})
afterAll(async () => {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
  certs.remove()
})

const client = () =>
  new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: true,
    accessKey: USER,
    secretKey: PASSWORD,
    region: 'us-east-1',
  })

describe('HTTPS', () => {
  it('serves https:// URLs', () => {
    expect(url).toBe(`https://127.0.0.1:${port}`)
  })

  it('works with the SDK trusting the certificate through setRequestOptions({ ca })', async () => {
    const c = client()
    c.setRequestOptions({ ca: certs.cert })
    await c.makeBucket('tls-bucket')
    await c.putObject('tls-bucket', 'secret.txt', 'over tls')
    const chunks: Buffer[] = []
    for await (const chunk of await c.getObject('tls-bucket', 'secret.txt')) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('over tls')
  })

  it('works with rejectUnauthorized: false, and fails without either', async () => {
    const insecure = client()
    insecure.setRequestOptions({ rejectUnauthorized: false })
    expect(await insecure.bucketExists('tls-bucket')).toBe(true)
    const error = await client()
      .bucketExists('tls-bucket')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toMatch(/self[- ]signed|certificate/i)
  })

  it('refuses a certs dir without the MinIO file names, naming the missing file', () => {
    expect(() => readCertsDir(dataDir)).toThrow(/public\.crt not found/)
    expect(() => createServer({ dir: dataDir, tls: { cert: 'nope', key: 'nope' } })).toThrow(
      /tls\.cert must be a PEM/,
    )
  })
})
