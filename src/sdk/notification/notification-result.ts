/** The result of `getBucketNotification`, shaped as minio-js shapes it. */

/** One rule as `getBucketNotification` returns it: minio-js's layout, `Filter` flattened. */
export interface NotificationRuleResult {
  Id: string | undefined
  Event: string[]
  /** The key filter rules (`prefix`, `suffix`), `[]` when none. */
  Filter: Array<{ Name: string; Value: string }>
}

/**
 * What `getBucketNotification` resolves with, as minio-js lays it out: the three lists are
 * always present (`[]` when empty). It can be passed back to `setBucketNotification` as is.
 * @example
 * const { QueueConfiguration } = await client.getBucketNotification('photos')
 * for (const { Queue, Event, Filter } of QueueConfiguration) console.log(Queue, Event, Filter)
 */
export interface NotificationConfigResult {
  TopicConfiguration: Array<NotificationRuleResult & { Topic: string }>
  QueueConfiguration: Array<NotificationRuleResult & { Queue: string }>
  CloudFunctionConfiguration: Array<NotificationRuleResult & { CloudFunction: string }>
}

/**
 * An empty result: no rules of any kind.
 * @example
 * emptyNotificationResult().QueueConfiguration // []
 */
export function emptyNotificationResult(): NotificationConfigResult {
  return { TopicConfiguration: [], QueueConfiguration: [], CloudFunctionConfiguration: [] }
}
