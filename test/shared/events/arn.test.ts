import { describe, expect, it } from 'vitest'
import { buildArn, InvalidArnError, isValidArn, parseArn } from '../../../src/shared/events/arn.js'

describe('target ARNs', () => {
  it.each([
    ['arn:silo:sqs::1:webhook', { region: '', id: '1', kind: 'webhook' }],
    ['arn:silo:sqs:us-east-1:primary:redis', { region: 'us-east-1', id: 'primary', kind: 'redis' }],
  ])('parses %s', (arn, parts) => {
    expect(parseArn(arn)).toEqual(parts)
    expect(buildArn(parts)).toBe(arn)
    expect(isValidArn(arn)).toBe(true)
  })

  it.each([
    ['arn:minio:sqs::1:webhook', /must start with 'arn:silo:sqs:'/],
    ['arn:silo:sns::1:webhook', /must start with 'arn:silo:sqs:'/],
    ['arn:silo:sqs::1', /must have 6 ':'-separated parts .* got 5/],
    ['arn:silo:sqs::1:web:hook', /must have 6 ':'-separated parts .* got 7/],
    ['arn:silo:sqs:::webhook', /target id \(5th part\) is empty/],
    ['arn:silo:sqs::1:', /target kind \(6th part\) is empty/],
    ['', /must start with/],
  ])('rejects %j', (arn, message) => {
    expect(() => parseArn(arn)).toThrow(InvalidArnError)
    expect(() => parseArn(arn)).toThrow(message)
    expect(isValidArn(arn)).toBe(false)
  })

  it('refuses to build an ARN whose id contains a colon', () => {
    expect(() => buildArn({ region: '', id: 'a:b', kind: 'redis' })).toThrow(/got 7/)
  })

  it('names the ARN in the error', () => {
    expect(() => parseArn('nope')).toThrow('invalid ARN "nope"')
  })
})
