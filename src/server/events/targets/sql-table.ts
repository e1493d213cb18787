/**
 * Checks a table name as a plain SQL identifier. The name goes into DDL and DML text (it
 * cannot be a bound parameter), so only letters, digits and `_` pass; MinIO interpolated it
 * unquoted, which let a configuration inject SQL.
 */
export function checkTableName(maxLength: number): (value: string) => string | undefined {
  return (value) =>
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) && value.length <= maxLength
      ? undefined
      : `must be a table name: a letter or _, then letters, digits or _, at most ${maxLength} characters`
}

/** Event time as the SQL targets store it: UTC with milliseconds (MinIO kept whole seconds). */
export function toUtcDate(eventTime: string): Date {
  const date = new Date(eventTime)
  if (Number.isNaN(date.getTime())) throw new Error(`event time '${eventTime}' is not a date`)
  return date
}
