import { describe, expect, it } from 'vitest'
import { ROUTE_TABLE } from '../../../src/server/router/route-table.js'
import { ALL_S3_ACTIONS, OPERATION_ACTIONS } from '../../../src/shared/policy/index.js'

// The router names operations; OPERATION_ACTIONS (shared/policy) is the one table of what each
// needs. They must cover the same operations: a routed operation without an entry would have
// no permission to check, an entry without a route is a permission nothing asks for (the two
// tables drifted that way before: GetObjectAttributes was routed with an action outside the
// catalogue, so no policy could allow it; Get/PutBucketNotification were never routed).
// An entry may stay unrouted only if it is listed here with the reason.
const NOT_ROUTED: Readonly<Record<string, string>> = {}

const routed = ROUTE_TABLE.map(([method, level, condition, operation]) => ({
  method,
  level,
  condition,
  operation,
}))
const routedNames = new Set(routed.map((r) => r.operation))

describe('route table × permission table', () => {
  it.each(routed)(
    '$method $level "$condition" → $operation has exactly one permission entry',
    ({ operation }) => {
      expect(Object.hasOwn(OPERATION_ACTIONS, operation)).toBe(true)
      const required = OPERATION_ACTIONS[operation]
      expect(required.length).toBeGreaterThan(0)
      for (const { action } of required) expect(ALL_S3_ACTIONS).toContain(action)
    },
  )

  it.each(Object.keys(OPERATION_ACTIONS))(
    '%s is routed (or listed as not routed, with a reason)',
    (operation) => {
      if (Object.hasOwn(NOT_ROUTED, operation)) {
        expect(NOT_ROUTED[operation]!.length).toBeGreaterThan(0)
        expect(routedNames.has(operation as never)).toBe(false)
      } else {
        expect(routedNames.has(operation as never)).toBe(true)
      }
    },
  )

  it('routes each operation from one row (no row hides another with the same name)', () => {
    expect(routed.length).toBe(routedNames.size)
  })
})
