import { describe, expect, it } from 'vitest'
import {
  createVersionToken,
  isVersionId,
  legacyVersionToken,
} from '../../../../src/server/storage/common/version-id.js'

describe('version tokens', () => {
  it('sort newest first in byte order, within one millisecond too', () => {
    const now = Date.UTC(2026, 10, 24)
    const made = [createVersionToken(now), createVersionToken(now), createVersionToken(now + 1)]
    expect([...made].sort()).toEqual([made[2], made[1], made[0]])
    // A clock stepping back does not reorder: later tokens still sort first.
    const after = createVersionToken(now - 5000)
    expect([after, ...made].sort()[0]).toBe(after)
  })

  it('order an unversioned record after every token of its millisecond and before older ones', () => {
    const mtime = Date.UTC(2030, 0, 1)
    const legacy = legacyVersionToken(mtime)
    const sameMs = createVersionToken(mtime)
    expect(sameMs < legacy).toBe(true)
    expect(legacy < legacyVersionToken(mtime - 1)).toBe(true)
  })

  it('recognise ours only', () => {
    expect(isVersionId('null')).toBe(true)
    expect(isVersionId(createVersionToken())).toBe(true)
    expect(isVersionId('NULL')).toBe(false)
    expect(isVersionId('3/L4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY')).toBe(false)
  })
})
