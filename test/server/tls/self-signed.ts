/** A self-signed certificate for 127.0.0.1 / localhost, made at test time with openssl. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SelfSigned {
  /** A folder holding public.crt and private.key (MinIO's names). */
  dir: string
  cert: Buffer
  key: Buffer
  remove(): void
}

export function createSelfSigned(): SelfSigned {
  const dir = mkdtempSync(join(tmpdir(), 'silo-certs-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'private.key'),
      '-out',
      join(dir, 'public.crt'),
    ],
    { stdio: 'ignore' },
  )
  return {
    dir,
    cert: readFileSync(join(dir, 'public.crt')),
    key: readFileSync(join(dir, 'private.key')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
