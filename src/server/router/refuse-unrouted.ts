import type { QueryPairs } from '../../shared/sigv4/canonical-query.js'
import { S3ServerError } from '../errors.js'
import { queryNamesOf } from './match-route.js'
import { ROUTE_TABLE, type RouteLevel } from './route-table.js'
import { findSubresources } from './subresources.js'

/**
 * The error for a request no route row matches. With no subresource in the query the method is
 * not allowed on the resource (405 MethodNotAllowed). With one, the request is refused rather
 * than handed to another operation: 400 InvalidRequest when a row of the same method names the
 * subresource but needs another parameter (`PUT ?uploadId` without partNumber), else 501
 * NotImplemented naming the method and subresource (`DELETE ?location`, `GET ?session`).
 *
 * @example refuseUnrouted('GET', 'bucket', [['session', '']]).code // 'NotImplemented'
 */
export function refuseUnrouted(method: string, level: RouteLevel, query: QueryPairs): S3ServerError {
  // HEAD is routed whatever its query (match-route): only the method can be wrong.
  const subresources = method === 'HEAD' ? [] : findSubresources(query)
  if (subresources.length === 0) {
    return new S3ServerError('MethodNotAllowed', `${method} is not allowed on a ${level} resource.`)
  }
  const asked = describeRequest(method, subresources)
  for (const [rowMethod, rowLevel, condition] of ROUTE_TABLE) {
    if (rowMethod !== method || rowLevel !== level) continue
    const names = queryNamesOf(condition)
    if (!subresources.every((name) => names.has(name))) continue
    const missing = condition.split('&').filter((term) => !term.startsWith('@') && !isGiven(term, query))
    if (missing.length > 0) {
      return new S3ServerError(
        'InvalidRequest',
        `${asked} on a ${level} also needs ${missing.join(' and ')}.`,
      )
    }
  }
  return new S3ServerError('NotImplemented', `${asked} on a ${level} is not implemented by Silo.`)
}

/**
 * The error for a routed operation Silo has no handler for, naming the operation, the method
 * and the subresource it was asked with.
 *
 * @example notImplementedOperation('PutPublicAccessBlock', 'PUT', [['publicAccessBlock', '']]).message
 * // 'PutPublicAccessBlock (PUT ?publicAccessBlock) is not implemented by Silo.'
 */
export function notImplementedOperation(operation: string, method: string, query: QueryPairs): S3ServerError {
  const asked = describeRequest(method, findSubresources(query))
  return new S3ServerError('NotImplemented', `${operation} (${asked}) is not implemented by Silo.`)
}

function isGiven(term: string, query: QueryPairs): boolean {
  const eq = term.indexOf('=')
  if (eq === -1) return query.some(([name]) => name === term)
  return query.some(([name, value]) => name === term.slice(0, eq) && value === term.slice(eq + 1))
}

function describeRequest(method: string, subresources: readonly string[]): string {
  return subresources.length === 0 ? method : `${method} ?${subresources.join('&')}`
}
