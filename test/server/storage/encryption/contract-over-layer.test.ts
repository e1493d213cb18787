import { createEncryptingLayer } from '../../../../src/server/storage/encryption/encrypting-layer.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { describeStorageContract, type StorageUnderTest } from '../contract.js'
import { openTempErasure } from '../erasure/harness.js'
import { openTempDrive } from '../single-drive/harness.js'
import { MASTER_KEY } from './harness.js'

/**
 * The server runs every backend behind the encrypting layer: with no encryption asked for it
 * must keep the whole storage contract (it passes the backend's answers through).
 */
function behindLayer(opened: StorageUnderTest): StorageUnderTest {
  let inner = opened.backend
  let layer = createEncryptingLayer(inner, { masterKey: MASTER_KEY })
  const current = (): ObjectLayer => {
    if (opened.backend !== inner) {
      inner = opened.backend
      layer = createEncryptingLayer(inner, { masterKey: MASTER_KEY })
    }
    return layer
  }
  const out: StorageUnderTest = {
    get backend() {
      return current()
    },
    cleanup: () => opened.cleanup(),
    usedBytes: opened.usedBytes,
  }
  if (opened.reopen) {
    out.reopen = async () => {
      await opened.reopen!()
      return current()
    }
  }
  if (opened.crashMidWrite) {
    out.crashMidWrite = async (bucket, key) => {
      await opened.crashMidWrite!(bucket, key)
      return current()
    }
  }
  if (opened.countTempFiles) out.countTempFiles = () => opened.countTempFiles!()
  if (opened.countDataFiles) out.countDataFiles = () => opened.countDataFiles!()
  return out
}

describeStorageContract('encrypting layer over a single drive', async () =>
  behindLayer(await openTempDrive({ fsync: false })),
)
describeStorageContract('encrypting layer over erasure, 4 drives', async () =>
  behindLayer(await openTempErasure(4, { fsync: false })),
)
