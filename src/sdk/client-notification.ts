/** Bucket-notification methods of `Client`, in callback and Promise forms. */
import { PolicyMethods } from './client-policy.js'

/**
 * Bucket-notification operations: getBucketNotification, setBucketNotification, removeAllBucketNotification, listenBucketNotification.
 */
export class NotificationMethods extends PolicyMethods {}
