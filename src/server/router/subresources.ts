import type { QueryPairs } from '../../shared/sigv4/canonical-query.js'

/**
 * The query parameters that name a subresource: every one the S3 API reference routes on
 * (bucket and object operations, including directory-bucket and metadata-table ones), plus
 * MinIO's `events` (ListenBucketNotification). A request carrying one is routed only to a row
 * whose condition names it; otherwise it is refused (NotImplemented), never handed to the
 * plain operation of its method (a `PUT ?publicAccessBlock` once created the bucket).
 * Parameters that only qualify an operation (`prefix`, `max-keys`, `versionId`, `partNumber`,
 * `response-*`, `list-type`, `id`, `select-type`, `x-id`, `X-Amz-*`) are not subresources.
 */
export const S3_SUBRESOURCES: ReadonlySet<string> = new Set([
  'abac',
  'accelerate',
  'acl',
  'analytics',
  'attributes',
  'cors',
  'delete',
  'encryption',
  'events',
  'intelligent-tiering',
  'inventory',
  'legal-hold',
  'lifecycle',
  'location',
  'logging',
  'metadataConfiguration',
  'metadataInventoryTable',
  'metadataJournalTable',
  'metadataTable',
  'metrics',
  'notification',
  'object-lock',
  'ownershipControls',
  'policy',
  'policyStatus',
  'publicAccessBlock',
  'renameObject',
  'replication',
  'requestPayment',
  'restore',
  'retention',
  'select',
  'session',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versioning',
  'versions',
  'website',
])

const NONE: readonly string[] = Object.freeze([])

/**
 * The subresources `query` names, in request order (empty, without allocating, when none).
 *
 * @example findSubresources([['publicAccessBlock', ''], ['x-id', 'Put']]) // ['publicAccessBlock']
 */
export function findSubresources(query: QueryPairs): readonly string[] {
  let found: string[] | undefined
  for (const [name] of query) {
    if (!S3_SUBRESOURCES.has(name) || found?.includes(name)) continue
    found ??= []
    found.push(name)
  }
  return found ?? NONE
}
