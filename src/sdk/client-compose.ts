/** Server-side copy and compose methods of `Client` (minio-js 7 and 8 forms). */
import { NotificationMethods } from './client-notification.js'

/**
 * Server-side copy and compose: composeObject (minio-js 8), built on UploadPartCopy.
 */
export class ComposeMethods extends NotificationMethods {}
