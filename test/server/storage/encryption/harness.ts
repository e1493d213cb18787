import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createEncryptingLayer } from '../../../../src/server/storage/encryption/encrypting-layer.js'
import { type MasterKey, parseMasterKey } from '../../../../src/server/storage/encryption/object-keys.js'
import type { CustomerKey, ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import type { StorageUnderTest } from '../contract.js'
import { openTempErasure } from '../erasure/harness.js'
import { openTempDrive } from '../single-drive/harness.js'

/** A master key in SILO_KMS_SECRET_KEY's form. */
export const MASTER_KEY_TEXT = `test-key:${Buffer.alloc(32, 7).toString('base64')}`
export const MASTER_KEY: MasterKey = parseMasterKey(MASTER_KEY_TEXT)

/** An encrypting layer over a fresh backend, with the backend itself and its drive folders. */
export interface EncryptedStorage {
  layer: ObjectLayer
  inner: ObjectLayer
  dirs: string[]
  cleanup(): Promise<void>
}

type Open = (masterKey?: MasterKey) => Promise<EncryptedStorage>

function wrap(opened: StorageUnderTest, dirs: string[], masterKey: MasterKey | undefined): EncryptedStorage {
  return {
    layer: createEncryptingLayer(opened.backend, { masterKey }),
    inner: opened.backend,
    dirs,
    cleanup: () => opened.cleanup(),
  }
}

/** Every backend (one drive, one erasure set, erasure sets), for `describe.each`. */
export const ENCRYPTED_BACKENDS: ReadonlyArray<readonly [string, Open]> = [
  [
    'single drive',
    async (masterKey = MASTER_KEY) => {
      const drive = await openTempDrive({ fsync: false })
      return wrap(drive, [drive.dir], masterKey)
    },
  ],
  [
    'erasure, 4 drives',
    async (masterKey = MASTER_KEY) => {
      const set = await openTempErasure(4, { fsync: false })
      return wrap(set, set.dirs, masterKey)
    },
  ],
  [
    // 'src' and 'dst' are in different sets: their copies are copies across sets.
    'erasure sets, 2 sets of 4 drives',
    async (masterKey = MASTER_KEY) => {
      const sets = await openTempErasure(8, { setDriveCount: 4, fsync: false })
      return wrap(sets, sets.dirs, masterKey)
    },
  ],
]

/** A random SSE-C key with its MD5. */
export function newCustomerKey(): CustomerKey {
  const key = randomBytes(32)
  return { key, keyMd5: createHash('md5').update(key).digest('base64') }
}

/** Whether any file under `dirs` contains `marker`. */
export async function filesContain(dirs: string[], marker: Buffer): Promise<boolean> {
  for (const dir of dirs) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const bytes = await readFile(join(entry.parentPath, entry.name))
      if (bytes.includes(marker)) return true
    }
  }
  return false
}
