import { describe, expect, it } from 'vitest'
import {
  EVENT_NAMES,
  expandEventName,
  expandEventNames,
  isEventName,
  isEventWildcard,
} from '../../../src/shared/events/event-names.js'

describe('event names', () => {
  it.each([
    ['s3:ObjectCreated:Put', ['s3:ObjectCreated:Put']],
    ['s3:ObjectAccessed:Head', ['s3:ObjectAccessed:Head']],
    ['s3:ReducedRedundancyLostObject', ['s3:ReducedRedundancyLostObject']],
    [
      's3:ObjectCreated:*',
      [
        's3:ObjectCreated:Put',
        's3:ObjectCreated:Post',
        's3:ObjectCreated:Copy',
        's3:ObjectCreated:CompleteMultipartUpload',
      ],
    ],
    ['s3:ObjectAccessed:*', ['s3:ObjectAccessed:Get', 's3:ObjectAccessed:Head']],
    ['s3:ObjectRemoved:*', ['s3:ObjectRemoved:Delete']],
    ['s3:ObjectCreated:Put2', undefined],
    ['s3:objectcreated:put', undefined],
    ['s3:*', undefined],
    ['s3:ObjectRemoved:DeleteMarkerCreated', undefined],
    ['', undefined],
  ])('%j expands to %j', (name, expected) => {
    expect(expandEventName(name)).toEqual(expected)
  })

  it('the seed supported types plus reduced redundancy, nothing else', () => {
    expect(EVENT_NAMES).toHaveLength(8)
    expect(isEventName('s3:ObjectCreated:*')).toBe(false)
    expect(isEventWildcard('s3:ObjectCreated:*')).toBe(true)
    expect(isEventWildcard('s3:ObjectCreated:Put')).toBe(false)
  })

  it('expands a list into unique names in catalogue order', () => {
    expect(expandEventNames(['s3:ObjectRemoved:*', 's3:ObjectCreated:Put', 's3:ObjectCreated:*'])).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Post',
      's3:ObjectCreated:Copy',
      's3:ObjectCreated:CompleteMultipartUpload',
      's3:ObjectRemoved:Delete',
    ])
    expect(() => expandEventNames(['s3:Nope'])).toThrow(/unknown event name: "s3:Nope"/)
  })
})
