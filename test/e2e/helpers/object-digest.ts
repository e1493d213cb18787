/** An object's content as SHA-256 and length, read to the end without holding it in memory. */
import { createHash } from 'node:crypto'
import type { Client } from '../../../src/index.js'

/** What an object holds: its SHA-256 (hex) and length. */
export interface Digest {
  sha256: string
  size: number
}

/** The digest of `bytes`. */
export function digestBytes(bytes: Uint8Array): Digest {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length }
}

/** The digest of an object, read with getObject to the end. */
export async function digestObject(client: Client, bucket: string, key: string): Promise<Digest> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of await client.getObject(bucket, key)) {
    hash.update(chunk as Uint8Array)
    size += (chunk as Uint8Array).length
  }
  return { sha256: hash.digest('hex'), size }
}
