/** Bucket-policy methods of `Client`, in callback and Promise forms. */
import { PresignMethods } from './client-presign.js'

/**
 * Bucket-policy operations: getBucketPolicy, setBucketPolicy.
 */
export class PolicyMethods extends PresignMethods {}
