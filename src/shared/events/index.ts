/** Bucket events, the isomorphic half: names, filters, ARNs, configuration XML, records, rules. */
export { buildArn, InvalidArnError, isValidArn, parseArn, type TargetArn } from './arn.js'
export {
  buildEventMessage,
  type EventMessage,
  type EventMessageInput,
  formatLocalTime,
} from './event-message.js'
export {
  DEFAULT_EVENTS,
  EVENT_NAMES,
  EVENT_WILDCARDS,
  type EventName,
  type EventWildcard,
  expandEventName,
  expandEventNames,
  isEventName,
  isEventWildcard,
} from './event-names.js'
export {
  describeKeyFilter,
  explainInvalidFilterValue,
  FILTER_RULE_NAMES,
  type FilterRuleName,
  type KeyFilter,
  MATCH_ALL,
  matchesKeyFilter,
} from './filter-rules.js'
export {
  isNotificationConfigError,
  type NotificationConfig,
  NotificationConfigError,
  type QueueRule,
  type RawFilterRule,
  type RawNotificationConfig,
  type RawRule,
} from './notification-config.js'
export {
  parseNotificationXml,
  serializeNotificationXml,
  serializeRawNotificationXml,
} from './notification-xml.js'
export { escapeEventKey, unescapeEventKey } from './query-escape.js'
export {
  buildEventRecord,
  type EventRecordInput,
  formatEventTime,
  type S3EventObject,
  type S3EventRecord,
} from './record.js'
export { type BucketRules, type CompiledRule, compileBucketRules, matchRuleTargets } from './rules.js'
export { createSequencer, type Sequencer } from './sequencer.js'
export { type ValidateNotificationOptions, validateNotificationConfig } from './validate-notification.js'
