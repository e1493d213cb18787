import { handleGetConfig, handleSetConfig } from './handlers/config.js'
import { handleSetCredential } from './handlers/credential.js'
import { handleHeal } from './handlers/heal.js'
import { handleIlmScan } from './handlers/ilm-scan.js'
import { handleAdminVersion, handleServerInfo } from './handlers/info.js'
import {
  handleAddCannedPolicy,
  handleGetCannedPolicy,
  handleListCannedPolicies,
  handleRemoveCannedPolicy,
} from './handlers/policies.js'
import {
  handleServiceAction,
  handleServiceRestart,
  handleServiceStatus,
  handleServiceStop,
} from './handlers/service.js'
import {
  handleAddUser,
  handleListUsers,
  handleRemoveUser,
  handleSetUserPolicy,
  handleSetUserStatus,
} from './handlers/users.js'
import type { AdminRoute } from './match-admin-route.js'

/**
 * Every admin operation: method, path under `/silo/admin/`, name, handler. `docs/admin-api.md`
 * documents each with its request and response.
 */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { method: 'GET', pattern: 'version', operation: 'AdminVersion', handler: handleAdminVersion },
  { method: 'GET', pattern: 'v1/info', operation: 'ServerInfo', handler: handleServerInfo },
  { method: 'GET', pattern: 'v1/service', operation: 'ServiceStatus', handler: handleServiceStatus },
  { method: 'POST', pattern: 'v1/service', operation: 'ServiceAction', handler: handleServiceAction },
  {
    method: 'POST',
    pattern: 'v1/service/restart',
    operation: 'ServiceRestart',
    handler: handleServiceRestart,
  },
  { method: 'POST', pattern: 'v1/service/stop', operation: 'ServiceStop', handler: handleServiceStop },
  { method: 'GET', pattern: 'v1/users', operation: 'ListUsers', handler: handleListUsers },
  { method: 'PUT', pattern: 'v1/users/{accessKey}', operation: 'AddUser', handler: handleAddUser },
  { method: 'DELETE', pattern: 'v1/users/{accessKey}', operation: 'RemoveUser', handler: handleRemoveUser },
  {
    method: 'PUT',
    pattern: 'v1/users/{accessKey}/status',
    operation: 'SetUserStatus',
    handler: handleSetUserStatus,
  },
  {
    method: 'PUT',
    pattern: 'v1/users/{accessKey}/policy',
    operation: 'SetUserPolicy',
    handler: handleSetUserPolicy,
  },
  {
    method: 'GET',
    pattern: 'v1/policies',
    operation: 'ListCannedPolicies',
    handler: handleListCannedPolicies,
  },
  {
    method: 'GET',
    pattern: 'v1/policies/{name}',
    operation: 'GetCannedPolicy',
    handler: handleGetCannedPolicy,
  },
  {
    method: 'PUT',
    pattern: 'v1/policies/{name}',
    operation: 'AddCannedPolicy',
    handler: handleAddCannedPolicy,
  },
  {
    method: 'DELETE',
    pattern: 'v1/policies/{name}',
    operation: 'RemoveCannedPolicy',
    handler: handleRemoveCannedPolicy,
  },
  { method: 'PUT', pattern: 'v1/credential', operation: 'SetCredential', handler: handleSetCredential },
  { method: 'GET', pattern: 'v1/config', operation: 'GetConfig', handler: handleGetConfig },
  { method: 'PUT', pattern: 'v1/config', operation: 'SetConfig', handler: handleSetConfig },
  { method: 'POST', pattern: 'v1/heal', operation: 'Heal', handler: handleHeal },
  { method: 'POST', pattern: 'v1/heal/{target+}', operation: 'Heal', handler: handleHeal },
  { method: 'POST', pattern: 'v1/ilm/scan', operation: 'IlmScan', handler: handleIlmScan },
]
