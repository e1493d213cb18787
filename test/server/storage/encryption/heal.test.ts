import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { createEncryptingLayer } from '../../../../src/server/storage/encryption/encrypting-layer.js'
import type { CustomerKey, ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { bodyOf, patternBytes, readAll } from '../contract/helpers.js'
import { unplug } from '../erasure/fixtures.js'
import { openTempErasure } from '../erasure/harness.js'
import { MASTER_KEY, newCustomerKey } from './harness.js'

let harness: Awaited<ReturnType<typeof openTempErasure>> | undefined
afterEach(async () => {
  await harness?.cleanup()
  harness = undefined
})

const bucket = 'healme'

async function healAll(backend: ObjectLayer): Promise<void> {
  const healer = backend.healer!
  await healer.healFormat({ dryRun: false })
  for (const name of await healer.listBucketsToHeal()) {
    await healer.healBucket(name, { dryRun: false })
    for await (const key of healer.listObjectsToHeal(name, ''))
      await healer.healObject(name, key, { dryRun: false })
  }
}

it('heals the ciphertext of SSE-S3 and SSE-C objects: they read back from the rebuilt drive', async () => {
  harness = await openTempErasure(4, { fsync: false })
  const h = harness
  const layer = () => createEncryptingLayer(h.backend, { masterKey: MASTER_KEY })
  await layer().createBucket(bucket, '')
  const ssec: CustomerKey = newCustomerKey()
  const samples: Array<[string, Buffer, CustomerKey | undefined]> = [
    ['s3-small', patternBytes(1000, 1), undefined],
    ['s3-big', patternBytes(3 * 1024 * 1024 + 11, 2), undefined],
    ['c-small', patternBytes(900, 3), ssec],
    ['c-big', patternBytes(2 * 1024 * 1024 + 5, 4), ssec],
  ]
  for (const [key, bytes, customerKey] of samples) {
    const encryption = customerKey
      ? ({ kind: 'SSE-C', ...customerKey } as const)
      : ({ kind: 'SSE-S3' } as const)
    await layer().putObject({ bucket, key, body: bodyOf(bytes), encryption })
  }
  await rm(join(h.dirs[1]!, '.silo.sys'), { recursive: true, force: true })
  await healAll(h.backend)
  // Only the healed drive and one other remain (2 data + 2 parity): every shard read is needed.
  const plugs = await Promise.all([0, 3].map((i) => unplug(h.dirs[i]!)))
  try {
    for (const [key, bytes, customerKey] of samples) {
      const { body, info } = await layer().getObject(bucket, key, undefined, { customerKey })
      expect(info.size, key).toBe(bytes.length)
      expect((await readAll(body)).equals(bytes), key).toBe(true)
    }
  } finally {
    for (const plug of plugs) await plug()
  }
})
