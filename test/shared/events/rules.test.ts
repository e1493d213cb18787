import { describe, expect, it } from 'vitest'
import type { NotificationConfig } from '../../../src/shared/events/notification-config.js'
import { compileBucketRules, matchRuleTargets } from '../../../src/shared/events/rules.js'

const A = 'arn:silo:sqs::a:webhook'
const B = 'arn:silo:sqs::b:redis'
const C = 'arn:silo:sqs::c:kafka'

// Overlapping rules cannot pass validation, but compiled rules must still be right for them
// (configurations stored before validation existed, or built in code).
const config: NotificationConfig = {
  queues: [
    { arn: A, events: ['s3:ObjectCreated:*'], filter: { prefix: 'images/', suffix: '' } },
    {
      arn: B,
      events: ['s3:ObjectCreated:Put', 's3:ObjectRemoved:*'],
      filter: { prefix: '', suffix: '.jpg' },
    },
    { arn: A, events: ['s3:ObjectCreated:Put'], filter: { prefix: '', suffix: '.jpg' } },
    { arn: C, events: ['s3:ObjectAccessed:Get'], filter: { prefix: '', suffix: '' } },
  ],
}
const rules = compileBucketRules(config)

describe('bucket rules', () => {
  it.each([
    ['s3:ObjectCreated:Put', 'images/cat.jpg', [A, B]],
    ['s3:ObjectCreated:Put', 'docs/cat.jpg', [B, A]],
    ['s3:ObjectCreated:Copy', 'images/cat.jpg', [A]],
    ['s3:ObjectCreated:Copy', 'docs/cat.jpg', []],
    ['s3:ObjectRemoved:Delete', 'x.jpg', [B]],
    ['s3:ObjectRemoved:Delete', 'x.png', []],
    ['s3:ObjectAccessed:Get', 'anything', [C]],
    ['s3:ObjectAccessed:Head', 'anything', []],
    ['s3:ReducedRedundancyLostObject', 'images/a', []],
    ['s3:Bogus', 'images/a', []],
  ])('%s on %j → %j', (event, key, arns) => {
    expect(new Set(matchRuleTargets(rules, event, key))).toEqual(new Set(arns))
  })

  it('each target once even when several rules match', () => {
    expect([...matchRuleTargets(rules, 's3:ObjectCreated:Put', 'images/cat.jpg')].sort()).toEqual(
      [A, B].sort(),
    )
  })

  it('compiles to event name → rules, merging rules with the same filter', () => {
    expect(rules.get('s3:ObjectCreated:Put')).toEqual([
      { prefix: 'images/', suffix: '', arns: [A] },
      { prefix: '', suffix: '.jpg', arns: [B, A] },
    ])
    expect(rules.get('s3:ObjectCreated:Post')).toEqual([{ prefix: 'images/', suffix: '', arns: [A] }])
    expect(rules.has('s3:ObjectAccessed:Head')).toBe(false)
  })
})
