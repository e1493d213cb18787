/**
 * S3 Select's maxCharsPerRecord (1 MiB): an input record, an output record or a value built by
 * `||` past it fails with OverMaxRecordSize.
 */
export const MAX_RECORD_SIZE = 1024 * 1024
