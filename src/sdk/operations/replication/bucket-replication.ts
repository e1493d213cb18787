/**
 * Bucket replication configuration: `PUT/GET/DELETE /bucket?replication`, shaped as minio-js 8
 * shapes it. The caller's `{ role, rules }` becomes `<ReplicationConfiguration><Role>` and one
 * `<Rule>` per rule, each rule object written element for element (`ID`, `Status`, `Priority`,
 * `DeleteMarkerReplication`, `Destination`, `Filter`, ...); the answer comes back as
 * `{ ReplicationConfiguration: { role, rules } }` with the rules parsed as minio-js parses them
 * (fast-xml-parser's defaults: numeric text such as `Priority` becomes a number, a single child
 * stays an object), so code written for minio-js reads the same values.
 */
import type { XMLParser } from 'fast-xml-parser'
import { InvalidArgumentError, InvalidXMLError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName } from '../../validate.js'
import { elementXml } from './element-xml.js'

/** `{Status: 'Enabled' | 'Disabled'}` members of a rule. */
export interface ReplicationRuleStatus {
  Status: 'Enabled' | 'Disabled'
}

/** One replication rule, with S3's element names (members are written as given). */
export interface ReplicationRule {
  ID?: string
  Status: 'Enabled' | 'Disabled' | ReplicationRuleStatus
  Priority?: number
  DeleteMarkerReplication?: ReplicationRuleStatus
  DeleteReplication?: ReplicationRuleStatus
  Destination: { Bucket: string; StorageClass?: string; [member: string]: unknown }
  Filter?: {
    Prefix?: string
    Tag?: { Key: string; Value: string }
    And?: { Prefix?: string; Tag?: Array<{ Key: string; Value: string }>; [member: string]: unknown }
  }
  SourceSelectionCriteria?: { ReplicaModifications?: ReplicationRuleStatus; [member: string]: unknown }
  ExistingObjectReplication?: ReplicationRuleStatus
  [member: string]: unknown
}

/**
 * What `setBucketReplication` takes: the IAM role (on MinIO, the target's ARN) and the rules.
 * @example
 * const config: ReplicationConfigOpts = { role: 'arn:minio:replication::id:dest', rules: [rule] }
 */
export interface ReplicationConfigOpts {
  role: string
  rules: ReplicationRule[]
}

/**
 * What `getBucketReplication` resolves with (minio-js's shape).
 * @example
 * const { ReplicationConfiguration: { role, rules } } = await client.getBucketReplication('photos')
 */
export interface ReplicationConfig {
  ReplicationConfiguration: { role: string; rules: ReplicationRule[] }
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'

/**
 * Sets the bucket's replication configuration. Like minio-js: the config must be an object with
 * a non-empty string `role` and at least one rule (`InvalidArgumentError` otherwise).
 * @example
 * await setBucketReplication(transport, 'photos', { role, rules: [{ ID: 'r1', Status: 'Enabled', Destination: { Bucket: 'arn:aws:s3:::backup' } }] })
 */
export async function setBucketReplication(
  t: Transport,
  bucketName: unknown,
  config: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new InvalidArgumentError('replicationConfig should be of type "object"')
  }
  const { role, rules } = config as Partial<ReplicationConfigOpts>
  if (isEmpty(role)) throw new InvalidArgumentError('Role cannot be empty')
  if (typeof role !== 'string') throw new InvalidArgumentError(`Invalid value for role: ${String(role)}`)
  if (isEmpty(rules)) throw new InvalidArgumentError('Minimum one replication rule must be specified')
  const ruleList = Array.isArray(rules) ? rules : [rules]
  const xml =
    `<ReplicationConfiguration xmlns="${XMLNS}">` +
    elementXml('Role', role) +
    elementXml('Rule', ruleList) +
    '</ReplicationConfiguration>'
  const body = new TextEncoder().encode(xml)
  const headers = { 'content-md5': md5Base64(body), 'content-type': 'application/xml' }
  await t.call({ method: 'PUT', bucket: bucketName, query: { replication: '' }, headers, body }, discardBody)
}

/**
 * The bucket's replication configuration (`S3Error` `ReplicationConfigurationNotFoundError`
 * when it has none).
 * @example
 * const { ReplicationConfiguration } = await getBucketReplication(transport, 'photos')
 */
export async function getBucketReplication(t: Transport, bucketName: unknown): Promise<ReplicationConfig> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { replication: '' } }, async (res) =>
    parseReplicationConfig(await res.text()),
  )
}

/**
 * Removes the bucket's replication configuration.
 * @example
 * await removeBucketReplication(transport, 'photos')
 */
export async function removeBucketReplication(t: Transport, bucketName: unknown): Promise<void> {
  assertBucketName(bucketName)
  await t.call({ method: 'DELETE', bucket: bucketName, query: { replication: '' } }, discardBody)
}

// minio-js checks with lodash's isEmpty: no value, '' or [], an object without members, and also
// any number or boolean.
function isEmpty(value: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0
  return true
}

let parser: Promise<XMLParser> | undefined

// minio-js's parser settings (values typed as fast-xml-parser types them), so results match.
function loadParser(): Promise<XMLParser> {
  parser ??= import('fast-xml-parser').then(
    ({ XMLParser }) =>
      new XMLParser({ numberParseOptions: { eNotation: false, hex: true, leadingZeros: true } }),
  )
  return parser
}

/**
 * Parses a GetBucketReplication answer into minio-js's `{ ReplicationConfiguration: { role, rules } }`.
 * @example
 * await parseReplicationConfig('<ReplicationConfiguration><Role>r</Role><Rule>…</Rule></ReplicationConfiguration>')
 */
export async function parseReplicationConfig(text: string): Promise<ReplicationConfig> {
  const xml = await loadParser()
  let document: { ReplicationConfiguration?: { Role?: unknown; Rule?: unknown } }
  try {
    document = xml.parse(text)
  } catch (cause) {
    throw new InvalidXMLError(`Invalid XML in response: ${(cause as Error).message}`, { cause })
  }
  const root = document.ReplicationConfiguration
  if (root === undefined || typeof root !== 'object') {
    throw new InvalidXMLError(
      `Expected XML element <ReplicationConfiguration> in response, got: ${text.slice(0, 200)}`,
    )
  }
  const { Role, Rule } = root
  const rules = Rule === undefined ? [] : Array.isArray(Rule) ? Rule : [Rule]
  return { ReplicationConfiguration: { role: Role as string, rules: rules as ReplicationRule[] } }
}
