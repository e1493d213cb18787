import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'
import { AdminClient } from '../../../src/index.js'
import { createServer, type SiloServer } from '../../../src/server/index.js'

export const ROOT = { accessKey: 'admin-root', secretKey: 'admin-root-secret-0123' }

/** A Silo server in-process on a free port, with helpers to reach it as root or as a user. */
export interface AdminHarness {
  url: string
  host: string
  port: number
  dir: string
  server: SiloServer
  /** An AdminClient with the given credential (default: the start-up root). */
  admin(credential?: { accessKey: string; secretKey: string }): AdminClient
  /** An independent S3 client (@aws-sdk/client-s3) with the given credential. */
  s3(credential?: { accessKey: string; secretKey: string }, region?: string): S3Client
  /** Stops the server; the folder is removed unless `keepDir`. */
  stop(keepDir?: boolean): Promise<void>
}

/** Starts a server over `dir` (a fresh temporary folder by default). */
export async function startAdminHarness(dir?: string): Promise<AdminHarness> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'silo-admin-')))
  const server = createServer({
    dir: folder,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    quiet: true,
  })
  const { url, port, host } = await server.start()
  return {
    url,
    host,
    port,
    dir: folder,
    server,
    admin: (credential = ROOT) => new AdminClient({ endPoint: host, port, useSSL: false, ...credential }),
    s3: (credential = ROOT, region = 'us-east-1') =>
      new S3Client({
        endpoint: url,
        region,
        forcePathStyle: true,
        credentials: { accessKeyId: credential.accessKey, secretAccessKey: credential.secretKey },
        maxAttempts: 1,
      }),
    async stop(keepDir = false) {
      await server.stop()
      if (!keepDir) await rm(folder, { recursive: true, force: true })
    },
  }
}

/** The error code an awaited call failed with (S3Error.code or the AWS SDK's name). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (e) {
    const err = e as { code?: string; name?: string; Code?: string }
    return err.code ?? err.Code ?? err.name ?? 'unknown'
  }
  return 'no error'
}
