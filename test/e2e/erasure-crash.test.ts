/**
 * Issue 8, "done when": kill the server mid-PUT, many times → no partial object is ever visible
 * (a GET gives exactly the old or exactly the new content), and heal cleans what is left.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLI_BUILT,
  cleanUpErasureRuns,
  createDrives,
  describeItem,
  itemsNotOk,
  listFiles,
  MiB,
  runHeal,
  sha256,
  startErasureServer,
} from './helpers/erasure.js'
import { digestObject } from './helpers/object-digest.js'

const BUCKET = 'crash'
const KEY = 'video/overwritten.bin'
const ROUNDS = 15
cleanUpErasureRuns()

describe.skipIf(!CLI_BUILT)('erasure: crash during PUT', () => {
  it(`${ROUNDS} SIGKILLs mid-PUT: GET is always exactly the old or the new object; heal cleans up`, async () => {
    const drives = await createDrives(8)
    let server = await startErasureServer(drives)
    let client = server.client()
    await client.makeBucket(BUCKET)
    let current = randomBytes(16 * MiB)
    const started = performance.now()
    await client.putObject(BUCKET, KEY, current, current.length)
    // How long a MiB takes here, to aim the kills inside the next PUTs.
    const msPerMiB = (performance.now() - started) / 16
    let currentHash = sha256(current)
    const outcomes: string[] = []

    for (let round = 0; round < ROUNDS; round++) {
      const next = randomBytes(randomInt(12, 33) * MiB + randomInt(0, 4096))
      const nextHash = sha256(next)
      // Alternate a single PUT (64 MiB part size) with a multipart one (5 MiB parts).
      const partSize = round % 2 === 0 ? 64 * MiB : 5 * MiB
      const put = client.putObject(BUCKET, KEY, next, next.length, {}, { partSize }).then(
        () => 'acknowledged',
        () => 'cut',
      )
      const window = msPerMiB * (next.length / MiB)
      await new Promise((resolve) => setTimeout(resolve, randomInt(0, Math.max(2, Math.ceil(window)))))
      await server.kill()
      const outcome = await put

      server = await startErasureServer(drives)
      client = server.client()
      const seen = await digestObject(client, BUCKET, KEY)
      const which = seen.sha256 === nextHash ? 'new' : seen.sha256 === currentHash ? 'old' : 'neither'
      outcomes.push(`${outcome}:${which}`)
      expect(which, `round ${round}: GET after a kill (${outcome} PUT) returned ${seen.size} bytes`).not.toBe(
        'neither',
      )
      // An acknowledged PUT is durable: a process crash after the 200 must not undo it.
      if (outcome === 'acknowledged') expect(which, `round ${round}`).toBe('new')
      const listed = []
      for await (const item of client.listObjectsV2(BUCKET, '', true)) listed.push(item)
      expect(
        listed.map((item) => `${item.name} ${item.size}`),
        `round ${round}: the listing shows the one whole object`,
      ).toEqual([`${KEY} ${seen.size}`])
      if (which === 'new') {
        current = next
        currentHash = nextHash
      }
    }
    // A run whose kills all landed after the PUTs ended would prove nothing, so it fails.
    expect(outcomes.filter((o) => o.startsWith('cut')).length, outcomes.join(' ')).toBeGreaterThan(0)

    const heal = await runHeal(server, { recursive: true })
    expect(heal.summary, heal.detail).toBe('finished')
    const again = await runHeal(server, { recursive: true })
    expect(again.summary).toBe('finished')
    expect(itemsNotOk(again.items).map(describeItem)).toEqual([])
    for (const drive of drives.paths) {
      expect(await listFiles(join(drive, '.silo.sys/tmp')), `${drive}/.silo.sys/tmp`).toEqual([])
    }
    expect((await digestObject(client, BUCKET, KEY)).sha256).toBe(currentHash)
  }, 180_000)
})
