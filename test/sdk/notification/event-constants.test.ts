import { describe, expect, it } from 'vitest'
import {
  ObjectCreatedAll,
  ObjectCreatedCompleteMultipartUpload,
  ObjectCreatedCopy,
  ObjectCreatedPost,
  ObjectCreatedPut,
  ObjectReducedRedundancyLostObject,
  ObjectRemovedAll,
  ObjectRemovedDelete,
} from '../../../src/index.js'
import { isEventName, isEventWildcard } from '../../../src/shared/events/event-names.js'

// The SDK's minio-js-named constants and the server's event catalogue are written in two places;
// every constant a Silo server supports must be a name its validation accepts.
describe('SDK event constants against the server event catalogue', () => {
  it.each([
    ObjectCreatedAll,
    ObjectCreatedPut,
    ObjectCreatedPost,
    ObjectCreatedCopy,
    ObjectCreatedCompleteMultipartUpload,
    ObjectRemovedAll,
    ObjectRemovedDelete,
    ObjectReducedRedundancyLostObject,
  ])('%s is accepted', (name) => {
    expect(isEventName(name) || isEventWildcard(name)).toBe(true)
  })
})
