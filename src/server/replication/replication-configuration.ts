/**
 * A bucket's replication configuration (`PUT /bucket?replication`): S3's
 * `ReplicationConfiguration` document checked as S3 checks it, stored, and given back by
 * GetBucketReplication. Silo stores it only: nothing is replicated (docs/s3-compatibility.md).
 */

import { isValidBucketName } from '../../shared/names.js'
import type { XmlElement } from '../body/parse-xml-body.js'
import { S3ServerError } from '../errors.js'
import { renderXml } from '../response/xml.js'
import {
  type ChildSchema,
  type ElementSchema,
  malformed,
  readWithSchema,
  type TextSchema,
  type XmlTree,
} from './xml-schema.js'

/** The bucket document holding the configuration, as JSON of its checked XML tree. */
export const BUCKET_REPLICATION_DOCUMENT = 'replication'

/** S3's limit: at most 1,000 rules. */
export const MAX_REPLICATION_RULES = 1000

/** The elements of a ReplicationConfiguration that may repeat (always arrays once parsed). */
export const REPLICATION_REPEATED = new Set(['Rule', 'Tag'])

const STORAGE_CLASSES = [
  'STANDARD',
  'REDUCED_REDUNDANCY',
  'STANDARD_IA',
  'ONEZONE_IA',
  'INTELLIGENT_TIERING',
  'GLACIER',
  'DEEP_ARCHIVE',
  'OUTPOSTS',
  'GLACIER_IR',
]
// `arn:aws:s3:::bucket` (S3; any partition), or MinIO's `arn:minio:replication:<region>:<id>:<bucket>`
// that `mc admin bucket remote add` prints and minio-js users pass.
const S3_BUCKET_ARN = /^arn:[a-z][a-z0-9-]*:s3:::(.+)$/
const MINIO_TARGET_ARN = /^arn:minio:replication:[^:]*:[^:]+:(.+)$/

function oneOf(...values: string[]): TextSchema {
  return {
    kind: 'text',
    check: (value, path) => {
      if (!values.includes(value)) malformed(`<${path}> must be one of ${values.join(', ')}, not "${value}"`)
      return value
    },
  }
}

function upTo(max: number, error: 'InvalidArgument' | 'MalformedXML' = 'InvalidArgument'): TextSchema {
  return {
    kind: 'text',
    check: (value, path) => {
      if (value.length <= max) return value
      if (error === 'MalformedXML') malformed(`<${path}> is longer than ${max} characters`)
      throw new S3ServerError('InvalidArgument', `<${path}> may be at most ${max} characters long.`)
    },
  }
}

const WHOLE_NUMBER: TextSchema = {
  kind: 'text',
  check: (value, path) => {
    if (!/^\d{1,9}$/.test(value.trim())) malformed(`<${path}> "${value}" is not a whole number`)
    return String(Number(value.trim()))
  },
}

const BUCKET_ARN: TextSchema = {
  kind: 'text',
  check: (value, path) => {
    const bucket = (S3_BUCKET_ARN.exec(value) ?? MINIO_TARGET_ARN.exec(value))?.[1]
    if (bucket === undefined || !isValidBucketName(bucket)) {
      throw new S3ServerError(
        'InvalidArgument',
        `<${path}> "${value}" is not a bucket ARN (arn:aws:s3:::bucket-name).`,
        { ArgumentName: 'Bucket', ArgumentValue: value },
      )
    }
    return value
  },
}

const req = (name: string, schema: ChildSchema['schema']): ChildSchema => ({ name, schema, required: true })
const opt = (name: string, schema: ChildSchema['schema']): ChildSchema => ({ name, schema })
const element = (...children: ChildSchema[]): ElementSchema => ({ kind: 'element', children })

const STATUS = oneOf('Enabled', 'Disabled')
const STATUS_ONLY = element(req('Status', STATUS))
const TAG = element(req('Key', upTo(128)), req('Value', upTo(256)))
const PREFIX = upTo(1024)

const FILTER = element(
  opt('Prefix', PREFIX),
  opt('Tag', TAG),
  opt('And', element(opt('Prefix', PREFIX), { name: 'Tag', schema: TAG, repeated: true })),
)

const DESTINATION = element(
  req('Bucket', BUCKET_ARN),
  opt('Account', upTo(64)),
  opt('StorageClass', oneOf(...STORAGE_CLASSES)),
  opt('AccessControlTranslation', element(req('Owner', oneOf('Destination')))),
  opt('EncryptionConfiguration', element(opt('ReplicaKmsKeyID', upTo(2048)))),
  opt('ReplicationTime', element(req('Status', STATUS), req('Time', element(req('Minutes', WHOLE_NUMBER))))),
  opt(
    'Metrics',
    element(req('Status', STATUS), opt('EventThreshold', element(req('Minutes', WHOLE_NUMBER)))),
  ),
)

// S3's element order, which GetBucketReplication gives back.
const RULE = element(
  opt('ID', upTo(255)),
  opt('Priority', WHOLE_NUMBER),
  opt('Prefix', PREFIX),
  opt('Filter', FILTER),
  req('Status', STATUS),
  opt(
    'SourceSelectionCriteria',
    element(opt('SseKmsEncryptedObjects', STATUS_ONLY), opt('ReplicaModifications', STATUS_ONLY)),
  ),
  opt('ExistingObjectReplication', STATUS_ONLY),
  req('Destination', DESTINATION),
  opt('DeleteMarkerReplication', STATUS_ONLY),
  // MinIO's extension (minio-js sends it): replicate deletes of versions.
  opt('DeleteReplication', STATUS_ONLY),
)

const CONFIGURATION = element(opt('Role', upTo(2048, 'MalformedXML')), {
  name: 'Rule',
  schema: RULE,
  required: true,
  repeated: true,
})

/**
 * Reads and checks the content of a parsed `ReplicationConfiguration`: MalformedXML for what
 * S3's schema refuses (an unknown or missing element, a bad Status, Prefix beside Filter, a
 * Filter with more than one condition); InvalidRequest for what S3 refuses by rule (more than
 * 1,000 rules, a Filter rule without DeleteMarkerReplication, delete markers replicated under a
 * tag filter, two rules of one priority); InvalidArgument for a duplicate rule ID or tag key, a
 * destination that is not a bucket ARN, a value too long.
 *
 * @example readReplicationConfiguration({ Role: '', Rule: [{ Status: 'Enabled', Destination: { Bucket: 'arn:aws:s3:::b' } }] })
 */
export function readReplicationConfiguration(content: XmlElement): XmlTree {
  const rules = content.Rule
  if (Array.isArray(rules) && rules.length > MAX_REPLICATION_RULES) {
    throw new S3ServerError(
      'InvalidRequest',
      `A replication configuration may hold at most ${MAX_REPLICATION_RULES} rules; this one has ${rules.length}.`,
    )
  }
  const tree = readWithSchema(content, CONFIGURATION, 'ReplicationConfiguration')
  checkRules(tree.Rule as XmlTree[])
  return tree
}

function checkRules(rules: XmlTree[]): void {
  const ids = new Set<string>()
  const priorities = new Set<string>()
  for (const rule of rules) {
    const id = rule.ID as string | undefined
    if (id !== undefined) {
      if (ids.has(id))
        throw new S3ServerError(
          'InvalidArgument',
          `Rule ID "${id}" is used by two rules; IDs must be unique.`,
        )
      ids.add(id)
    }
    if (rule.Prefix !== undefined && rule.Filter !== undefined) {
      malformed('a Rule takes either <Prefix> or <Filter>, not both')
    }
    const filter = rule.Filter as XmlTree | undefined
    if (filter === undefined) continue
    checkFilter(filter)
    // The Filter schema (S3's "V2" rules) needs these, as S3 says.
    if (rule.DeleteMarkerReplication === undefined) {
      throw new S3ServerError(
        'InvalidRequest',
        'DeleteMarkerReplication must be specified for this version of Cross Region Replication configuration schema.',
      )
    }
    const tagged = filter.Tag !== undefined || (filter.And as XmlTree | undefined)?.Tag !== undefined
    if (tagged && (rule.DeleteMarkerReplication as XmlTree).Status === 'Enabled') {
      throw new S3ServerError(
        'InvalidRequest',
        'Delete marker replication is not supported if any Tag filter is specified. Please refer to S3 Developer Guide for more information.',
      )
    }
    const priority = rule.Priority as string | undefined
    if (priority !== undefined) {
      if (priorities.has(priority)) {
        throw new S3ServerError(
          'InvalidRequest',
          `Found duplicate priority ${priority}: rule priorities must be unique.`,
        )
      }
      priorities.add(priority)
    }
  }
}

function checkFilter(filter: XmlTree): void {
  const conditions = ['Prefix', 'Tag', 'And'].filter((name) => filter[name] !== undefined)
  if (conditions.length > 1)
    malformed(`a Filter holds one of <Prefix>, <Tag> or <And>, not ${conditions.join(' and ')}`)
  const tags = ((filter.And as XmlTree | undefined)?.Tag ?? []) as XmlTree[]
  const keys = new Set<string>()
  for (const tag of tags) {
    const key = tag.Key as string
    if (keys.has(key))
      throw new S3ServerError('InvalidArgument', `Duplicate Tag Keys are not allowed: "${key}".`)
    keys.add(key)
  }
}

/**
 * The stored configuration as GetBucketReplication answers it.
 * @example renderReplicationConfiguration(tree)
 */
export function renderReplicationConfiguration(tree: XmlTree): string {
  return renderXml('ReplicationConfiguration', tree)
}
