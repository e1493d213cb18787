/**
 * Builders for bucket notification configurations, shaped as minio-js's (`Id`, `Event`,
 * `Filter.S3Key.FilterRule`, and `Topic` / `Queue` / `CloudFunction`), so code written for
 * minio-js works unchanged.
 */
import type { NotificationEvent } from './event-types.js'

/** One key filter rule. */
export interface FilterRule {
  Name: 'prefix' | 'suffix'
  Value: string
}

/**
 * What Topic, Queue and CloudFunction configurations share: an optional id, events and filters.
 * @example
 * const queue = new QueueConfig(arn); queue.addEvent(ObjectCreatedAll); queue.addFilterSuffix('.jpg')
 */
export class TargetConfig {
  Id?: string
  Event?: NotificationEvent[]
  Filter?: { S3Key: { FilterRule: FilterRule[] } }

  /**
   * Sets the rule's `Id`.
   * @example
   * config.setId('thumbnails')
   */
  setId(id: string): void {
    this.Id = id
  }

  /**
   * Adds an event name (see the event constants).
   * @example
   * config.addEvent(ObjectCreatedPut)
   */
  addEvent(event: NotificationEvent): void {
    this.Event ??= []
    this.Event.push(event)
  }

  /**
   * Only keys starting with `prefix` match.
   * @example
   * config.addFilterPrefix('photos/')
   */
  addFilterPrefix(prefix: string): void {
    this.#rules().push({ Name: 'prefix', Value: prefix })
  }

  /**
   * Only keys ending with `suffix` match.
   * @example
   * config.addFilterSuffix('.jpg')
   */
  addFilterSuffix(suffix: string): void {
    this.#rules().push({ Name: 'suffix', Value: suffix })
  }

  #rules(): FilterRule[] {
    this.Filter ??= { S3Key: { FilterRule: [] } }
    return this.Filter.S3Key.FilterRule
  }
}

/**
 * Publishes to an SNS topic (AWS); Silo and MinIO answer UnsupportedNotification.
 * @example
 * const topic = new TopicConfig(buildARN('aws', 'sns', 'us-west-2', '408065449417', 'photos'))
 */
export class TopicConfig extends TargetConfig {
  Topic: string
  constructor(arn: string) {
    super()
    this.Topic = arn
  }
}

/**
 * Sends to a queue: on Silo, a configured target such as `arn:silo:sqs::1:webhook`.
 * @example
 * const queue = new QueueConfig('arn:silo:sqs::1:webhook')
 */
export class QueueConfig extends TargetConfig {
  Queue: string
  constructor(arn: string) {
    super()
    this.Queue = arn
  }
}

/**
 * Invokes a Lambda function (AWS); Silo and MinIO answer UnsupportedNotification.
 * @example
 * const fn = new CloudFunctionConfig('arn:aws:lambda:us-east-1:123456789012:function:resize')
 */
export class CloudFunctionConfig extends TargetConfig {
  CloudFunction: string
  constructor(arn: string) {
    super()
    this.CloudFunction = arn
  }
}

/**
 * A bucket's whole notification configuration.
 * @example
 * const config = new NotificationConfig()
 * config.add(queue)
 * await client.setBucketNotification('photos', config)
 */
export class NotificationConfig {
  TopicConfiguration?: TopicConfig[]
  QueueConfiguration?: QueueConfig[]
  CloudFunctionConfiguration?: CloudFunctionConfig[]

  /**
   * Adds a Topic, Queue or CloudFunction configuration.
   * @example
   * config.add(new QueueConfig('arn:silo:sqs::1:webhook'))
   */
  add(target: TopicConfig | QueueConfig | CloudFunctionConfig): void {
    if (target instanceof TopicConfig) {
      this.TopicConfiguration ??= []
      this.TopicConfiguration.push(target)
    } else if (target instanceof QueueConfig) {
      this.QueueConfiguration ??= []
      this.QueueConfiguration.push(target)
    } else if (target instanceof CloudFunctionConfig) {
      this.CloudFunctionConfiguration ??= []
      this.CloudFunctionConfiguration.push(target)
    } else {
      throw new TypeError('NotificationConfig.add expects a TopicConfig, QueueConfig or CloudFunctionConfig')
    }
  }
}

/**
 * Builds an ARN: `arn:<partition>:<service>:<region>:<accountId>:<resource>`.
 * @example
 * buildARN('silo', 'sqs', '', '1', 'webhook') // 'arn:silo:sqs::1:webhook'
 */
export function buildARN(
  partition: string,
  service: string,
  region: string,
  accountId: string,
  resource: string,
): string {
  return `arn:${partition}:${service}:${region}:${accountId}:${resource}`
}
