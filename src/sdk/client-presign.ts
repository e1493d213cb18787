/** Presign methods of `Client`, in callback and Promise forms. */
import { ListingMethods } from './client-listing.js'

/**
 * Presign operations: presignedUrl, presignedGetObject, presignedPutObject, newPostPolicy, presignedPostPolicy.
 */
export class PresignMethods extends ListingMethods {}
