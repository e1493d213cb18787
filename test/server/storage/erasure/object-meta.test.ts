import { describe, expect, it } from 'vitest'
import {
  type EcMeta,
  encodeMeta,
  parseMeta,
  shardMetaEncoder,
} from '../../../../src/server/storage/erasure/object-meta.js'

const meta: EcMeta = {
  id: 'a6a0f7c2-0000-4000-8000-000000000001',
  size: 1024,
  etag: 'd41d8cd98f00b204e9800998ecf8427e',
  mtime: 1_700_000_000_000,
  contentType: 'text/plain',
  // Header values that look like the shard field must stay what they are.
  headers: { 'x-amz-meta-shard': '"shard":0}', shard: '7' },
  data: 4,
  parity: 4,
  blockSize: 1024 * 1024,
  dist: 3,
  bitrot: 'crc32',
  version: { id: 'v1', order: 'o1' },
  shard: 0,
}

describe('shardMetaEncoder', () => {
  it('encodes what encodeMeta encodes for each shard', () => {
    const metaOf = shardMetaEncoder(meta)
    for (const shard of [0, 1, 7, 15]) {
      expect(metaOf(shard)).toBe(encodeMeta({ ...meta, shard }))
      expect(parseMeta(metaOf(shard))).toEqual({ ...meta, shard })
    }
  })

  it('puts the shard last wherever the metadata had it: the same metadata, parsed', () => {
    const { shard: _, ...rest } = meta
    const shardFirst = { shard: 2, ...rest } as EcMeta
    expect(parseMeta(shardMetaEncoder(shardFirst)(5))).toEqual({ ...meta, shard: 5 })
    expect(shardMetaEncoder(shardFirst)(5).endsWith(',"shard":5}')).toBe(true)
  })
})
