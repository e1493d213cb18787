import { randomUUID } from 'node:crypto'
import type { DriveFormat } from '../storage-drive.js'

/**
 * What the drives of a deployment hold in their format.json (the shape is the drive interface's
 * DriveFormat; each drive reads and writes its own through its location).
 */

/** Formats for a new deployment of `drives` drives: fresh UUIDs, in order. */
export function createFormats(drives: number): DriveFormat[] {
  const id = randomUUID()
  const uuids = Array.from({ length: drives }, () => randomUUID())
  return uuids.map((uuid) => formatFor(id, uuids, uuid))
}

/** The format of drive `uuid` of a deployment. */
export function formatFor(id: string, uuids: string[], uuid: string): DriveFormat {
  return {
    version: '1',
    format: 'silo-erasure',
    id,
    erasure: { this: uuid, sets: [uuids], distributionAlgo: 'CRCMOD' },
  }
}
