import { describe, expect, it } from 'vitest'
import { ADMIN_ROUTES } from '../../../src/server/admin/admin-routes.js'
import { matchAdminRoute } from '../../../src/server/admin/match-admin-route.js'

const ROUTES: Array<[string, string, string | undefined, Record<string, string>?]> = [
  ['GET', 'version', 'AdminVersion'],
  ['GET', 'v1/info', 'ServerInfo'],
  ['GET', 'v1/service', 'ServiceStatus'],
  ['POST', 'v1/service', 'ServiceAction'],
  ['POST', 'v1/service/restart', 'ServiceRestart'],
  ['POST', 'v1/service/stop', 'ServiceStop'],
  ['GET', 'v1/users', 'ListUsers'],
  ['PUT', 'v1/users/bot', 'AddUser', { accessKey: 'bot' }],
  ['DELETE', 'v1/users/bot', 'RemoveUser', { accessKey: 'bot' }],
  ['PUT', 'v1/users/bot/status', 'SetUserStatus', { accessKey: 'bot' }],
  ['PUT', 'v1/users/bot/policy', 'SetUserPolicy', { accessKey: 'bot' }],
  ['GET', 'v1/policies', 'ListCannedPolicies'],
  ['GET', 'v1/policies/ro', 'GetCannedPolicy', { name: 'ro' }],
  ['PUT', 'v1/policies/ro', 'AddCannedPolicy', { name: 'ro' }],
  ['DELETE', 'v1/policies/ro', 'RemoveCannedPolicy', { name: 'ro' }],
  ['PUT', 'v1/credential', 'SetCredential'],
  ['GET', 'v1/config', 'GetConfig'],
  ['PUT', 'v1/config', 'SetConfig'],
  ['POST', 'v1/heal', 'Heal'],
  ['POST', 'v1/heal/', 'Heal', { target: '' }],
  ['POST', 'v1/heal/photos', 'Heal', { target: 'photos' }],
  ['POST', 'v1/heal/photos/2024/jan', 'Heal', { target: 'photos/2024/jan' }],
  // Unknown: wrong method, missing or extra segments, other versions.
  ['DELETE', 'v1/info', undefined],
  ['PUT', 'v1/users', undefined],
  ['PUT', 'v1/users/', undefined],
  ['GET', 'v1/users/bot/secret', undefined],
  ['GET', 'v2/info', undefined],
  ['GET', 'v1/info/', undefined],
]

describe('admin routes', () => {
  it.each(ROUTES)('%s /silo/admin/%s → %s', (method, path, operation, params) => {
    const match = matchAdminRoute(ADMIN_ROUTES, method, path.split('/'))
    expect(match?.route.operation).toBe(operation)
    if (params) expect(match?.params).toEqual(params)
  })
})
