/**
 * HTTPS for the server: a PEM certificate (chain) and its private key, given directly
 * (`createServer({ tls: { cert, key } })`) or read from a certs directory holding `public.crt`
 * and `private.key`, the file names MinIO uses (`silo server DIR --certs-dir DIR`).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** `createServer({ tls })`: serve HTTPS with this certificate and key (PEM). */
export interface TlsOptions {
  /** Certificate chain, PEM, leaf first. */
  cert: string | Buffer
  /** Private key of the leaf certificate, PEM. */
  key: string | Buffer
}

/** The certificate file in a certs directory. */
export const PUBLIC_CERT_FILE = 'public.crt'
/** The key file in a certs directory. */
export const PRIVATE_KEY_FILE = 'private.key'

/**
 * Checks TLS options; throws TypeError naming what is missing or not PEM.
 * @example
 * resolveTls({ cert: readFileSync('public.crt'), key: readFileSync('private.key') })
 */
export function resolveTls(tls: TlsOptions | undefined): TlsOptions | undefined {
  if (tls === undefined) return undefined
  for (const name of ['cert', 'key'] as const) {
    const value = tls[name]
    const text =
      typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : undefined
    if (text === undefined || !text.includes('-----BEGIN ')) {
      throw new TypeError(`createServer: tls.${name} must be a PEM string or Buffer ('-----BEGIN …')`)
    }
  }
  return { cert: tls.cert, key: tls.key }
}

/**
 * Reads `public.crt` and `private.key` from `dir`; throws an Error naming the missing file.
 * @example
 * createServer({ dir: './data', tls: readCertsDir(`${process.env.HOME}/.silo/certs`) })
 */
export function readCertsDir(dir: string): TlsOptions {
  const read = (file: string) => {
    try {
      return readFileSync(join(dir, file))
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : (error as Error).message
      throw new Error(
        `certs dir ${dir}: ${file} ${reason} (expected ${PUBLIC_CERT_FILE} and ${PRIVATE_KEY_FILE})`,
      )
    }
  }
  return { cert: read(PUBLIC_CERT_FILE), key: read(PRIVATE_KEY_FILE) }
}
