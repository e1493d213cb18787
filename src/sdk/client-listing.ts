/** Listing methods of `Client`, in callback and Promise forms. */
import { ObjectMethods } from './client-objects.js'

/**
 * Listing operations: listObjects, listObjectsV2, listIncompleteUploads (streams and async iteration).
 */
export class ListingMethods extends ObjectMethods {}
