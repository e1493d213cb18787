import { describe, expect, it } from 'vitest'
import { parseCopySource } from '../../../src/server/auth/copy-source.js'

function codeOf(header: string): string | undefined {
  try {
    parseCopySource(header)
    return undefined
  } catch (error) {
    return (error as { code?: string }).code
  }
}

describe('parseCopySource', () => {
  it.each([
    ['/photos/2024%2Fa.jpg', { bucket: 'photos', key: '2024/a.jpg' }],
    ['photos/a b', { bucket: 'photos', key: 'a b' }],
    ['/photos/a?versionId=null', { bucket: 'photos', key: 'a', versionId: 'null' }],
    [
      '/photos/a?versionId=fe6c1b2a9f3dfffe4be1a0b2c3d4e5f6',
      { bucket: 'photos', key: 'a', versionId: 'fe6c1b2a9f3dfffe4be1a0b2c3d4e5f6' },
    ],
  ])('reads %s', (header, expected) => {
    expect(parseCopySource(header)).toEqual(expected)
  })

  it.each([
    ['', 'InvalidArgument'],
    ['/photos', 'InvalidArgument'],
    ['/photos/', 'InvalidArgument'],
    ['/%E0%A4%A/a', 'InvalidArgument'],
    [`/${'b'.repeat(300)}/a`, 'InvalidArgument'],
    [`/photos/${'k'.repeat(1025)}`, 'InvalidArgument'],
    ['/Bad_Bucket/a', 'InvalidArgument'],
    // A version ID no version of ours can have, or an empty one, is refused before any lookup.
    ['/photos/a?versionId=3HL4kqtJlcpXroDTDmJ', 'InvalidArgument'],
    ['/photos/a?versionId=', 'InvalidArgument'],
  ])('refuses %s with %s', (header, code) => {
    expect(codeOf(header)).toBe(code)
  })
})
