/**
 * Object lock's rules as pure functions (issue 14): which versions may be removed, which
 * retention changes are allowed, how write headers and default retention become stored records,
 * and the ObjectLockConfiguration document.
 */
import { describe, expect, it } from 'vitest'
import { parseObjectLockConfiguration } from '../../../src/server/handlers/object-lock/object-lock-document.js'
import { defaultRetainUntil } from '../../../src/server/object-lock/lock-configuration.js'
import {
  checkRetentionChange,
  checkVersionRemovable,
  isVersionLocked,
} from '../../../src/server/object-lock/lock-enforcement.js'
import {
  lockStateOf,
  type ObjectLockState,
  objectLockResponseHeaders,
  retentionHeaders,
  withoutLockHeaders,
} from '../../../src/server/object-lock/object-lock-state.js'
import { readRequestedLock } from '../../../src/server/object-lock/request-lock.js'

const NOW = new Date('2026-06-01T00:00:00.000Z')
const LATER = new Date('2026-07-01T00:00:00.000Z')
const EARLIER = new Date('2026-05-01T00:00:00.000Z')
const governance = (until: Date): ObjectLockState => ({
  retention: { mode: 'GOVERNANCE', retainUntil: until },
})
const compliance = (until: Date): ObjectLockState => ({
  retention: { mode: 'COMPLIANCE', retainUntil: until },
})

function codeOf(f: () => void): string {
  try {
    f()
    return 'ok'
  } catch (e) {
    return (e as { code?: string }).code ?? String(e)
  }
}

describe('checkVersionRemovable', () => {
  it.each([
    ['no lock', {}, false, 'ok'],
    ['legal hold ON', { legalHold: 'ON' }, true, 'AccessDenied'],
    ['legal hold OFF', { legalHold: 'OFF' }, false, 'ok'],
    ['GOVERNANCE, no bypass', governance(LATER), false, 'AccessDenied'],
    ['GOVERNANCE, bypass', governance(LATER), true, 'ok'],
    ['GOVERNANCE expired', governance(EARLIER), false, 'ok'],
    ['COMPLIANCE, bypass', compliance(LATER), true, 'AccessDenied'],
    ['COMPLIANCE expired', compliance(EARLIER), false, 'ok'],
    [
      'GOVERNANCE bypassed but legal hold ON',
      { ...governance(LATER), legalHold: 'ON' },
      true,
      'AccessDenied',
    ],
  ] as Array<[string, ObjectLockState, boolean, string]>)(
    '%s: %s',
    (_name, state, bypassGovernance, code) => {
      expect(codeOf(() => checkVersionRemovable(state, { now: NOW, bypassGovernance }))).toBe(code)
    },
  )

  it('isVersionLocked ignores any bypass (a background remover has none)', () => {
    expect(isVersionLocked(governance(LATER), NOW)).toBe(true)
    expect(isVersionLocked(governance(EARLIER), NOW)).toBe(false)
    expect(isVersionLocked({ legalHold: 'ON' }, NOW)).toBe(true)
  })
})

describe('checkRetentionChange', () => {
  const far = new Date('2026-09-01T00:00:00.000Z')
  it.each([
    ['COMPLIANCE extended', compliance(LATER), { mode: 'COMPLIANCE', retainUntil: far }, false, 'ok'],
    ['COMPLIANCE kept', compliance(LATER), { mode: 'COMPLIANCE', retainUntil: LATER }, false, 'ok'],
    [
      'COMPLIANCE shortened, bypass',
      compliance(far),
      { mode: 'COMPLIANCE', retainUntil: LATER },
      true,
      'AccessDenied',
    ],
    [
      'COMPLIANCE to GOVERNANCE, bypass',
      compliance(LATER),
      { mode: 'GOVERNANCE', retainUntil: far },
      true,
      'AccessDenied',
    ],
    ['COMPLIANCE removed, bypass', compliance(LATER), undefined, true, 'AccessDenied'],
    ['GOVERNANCE extended', governance(LATER), { mode: 'GOVERNANCE', retainUntil: far }, false, 'ok'],
    [
      'GOVERNANCE shortened',
      governance(far),
      { mode: 'GOVERNANCE', retainUntil: LATER },
      false,
      'AccessDenied',
    ],
    ['GOVERNANCE shortened, bypass', governance(far), { mode: 'GOVERNANCE', retainUntil: LATER }, true, 'ok'],
    ['GOVERNANCE removed', governance(LATER), undefined, false, 'AccessDenied'],
    ['GOVERNANCE removed, bypass', governance(LATER), undefined, true, 'ok'],
    [
      'GOVERNANCE to COMPLIANCE',
      governance(LATER),
      { mode: 'COMPLIANCE', retainUntil: far },
      false,
      'AccessDenied',
    ],
    [
      'expired COMPLIANCE replaced',
      compliance(EARLIER),
      { mode: 'GOVERNANCE', retainUntil: LATER },
      false,
      'ok',
    ],
    ['none set', {}, { mode: 'COMPLIANCE', retainUntil: LATER }, false, 'ok'],
  ] as Array<
    [
      string,
      ObjectLockState,
      { mode: 'GOVERNANCE' | 'COMPLIANCE'; retainUntil: Date } | undefined,
      boolean,
      string,
    ]
  >)('%s', (_name, state, next, bypassGovernance, code) => {
    expect(codeOf(() => checkRetentionChange(state, next, { now: NOW, bypassGovernance }))).toBe(code)
  })
})

describe('stored lock records', () => {
  it('round-trip through internal headers and answer as x-amz-object-lock-*', () => {
    const headers = {
      ...retentionHeaders({ mode: 'COMPLIANCE', retainUntil: LATER }),
      'x-silo-internal-lock-legal-hold': 'OFF',
    }
    expect(lockStateOf(headers)).toEqual({
      retention: { mode: 'COMPLIANCE', retainUntil: LATER },
      legalHold: 'OFF',
    })
    expect(objectLockResponseHeaders(headers)).toEqual({
      'x-amz-object-lock-mode': 'COMPLIANCE',
      'x-amz-object-lock-retain-until-date': '2026-07-01T00:00:00.000Z',
      'x-amz-object-lock-legal-hold': 'OFF',
    })
    expect(withoutLockHeaders({ ...headers, 'x-amz-meta-a': '1' })).toEqual({ 'x-amz-meta-a': '1' })
  })

  it('default retention counts whole days or calendar years from the write', () => {
    expect(defaultRetainUntil({ mode: 'GOVERNANCE', days: 2 }, NOW).toISOString()).toBe(
      '2026-06-03T00:00:00.000Z',
    )
    expect(defaultRetainUntil({ mode: 'GOVERNANCE', years: 1 }, NOW).toISOString()).toBe(
      '2027-06-01T00:00:00.000Z',
    )
  })
})

describe('readRequestedLock', () => {
  const read = (headers: Record<string, string>) => (name: string) => headers[name]
  it('reads mode, date and legal hold', () => {
    expect(
      readRequestedLock(
        read({
          'x-amz-object-lock-mode': 'GOVERNANCE',
          'x-amz-object-lock-retain-until-date': '2026-07-01T02:00:00.123456+02:00',
          'x-amz-object-lock-legal-hold': 'ON',
        }),
        NOW,
      ),
    ).toEqual({
      retention: { mode: 'GOVERNANCE', retainUntil: new Date('2026-07-01T00:00:00.123Z') },
      legalHold: 'ON',
    })
  })

  it.each([
    [{ 'x-amz-object-lock-mode': 'GOVERNANCE' }],
    [{ 'x-amz-object-lock-retain-until-date': '2026-07-01T00:00:00Z' }],
    [
      {
        'x-amz-object-lock-mode': 'governance',
        'x-amz-object-lock-retain-until-date': '2026-07-01T00:00:00Z',
      },
    ],
    [
      {
        'x-amz-object-lock-mode': 'GOVERNANCE',
        'x-amz-object-lock-retain-until-date': '2026-05-01T00:00:00Z',
      },
    ],
    [{ 'x-amz-object-lock-mode': 'GOVERNANCE', 'x-amz-object-lock-retain-until-date': '2026-07-01' }],
    [{ 'x-amz-object-lock-legal-hold': 'on' }],
  ])('refuses %o with InvalidArgument', (headers) => {
    expect(codeOf(() => readRequestedLock(read(headers), NOW))).toBe('InvalidArgument')
  })
})

describe('parseObjectLockConfiguration', () => {
  it('reads Enabled with or without a default retention', () => {
    expect(parseObjectLockConfiguration({ ObjectLockEnabled: 'Enabled' })).toEqual({ enabled: true })
    expect(
      parseObjectLockConfiguration({
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Years: '3' } },
      }),
    ).toEqual({ enabled: true, rule: { mode: 'COMPLIANCE', years: 3 } })
  })

  it.each([
    [{}],
    [{ ObjectLockEnabled: 'Disabled' }],
    [{ ObjectLockEnabled: 'Enabled', Other: 'x' }],
    [{ ObjectLockEnabled: 'Enabled', Rule: {} }],
    [{ ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: '-1' } } }],
    [{ ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Years: '101' } } }],
    [{ ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: '1.5' } } }],
  ])('refuses %o with MalformedXML', (content) => {
    expect(codeOf(() => parseObjectLockConfiguration(content))).toBe('MalformedXML')
  })
})
