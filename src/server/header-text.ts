// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
const NON_ASCII = /[^\x00-\x7f]/

/** Whether `text` holds a char past ASCII. */
export function hasNonAscii(text: string): boolean {
  return NON_ASCII.test(text)
}

/**
 * The text of a header value as Node hands it over (latin-1: one char per byte sent): the bytes
 * read as UTF-8 when they are UTF-8 (what botocore, the AWS SDKs, Go and curl send), else the
 * latin-1 chars as they are (issue 19).
 *
 * @example readHeaderText('caf\u00c3\u00a9') // 'café'
 */
export function readHeaderText(value: string): string {
  if (!NON_ASCII.test(value)) return value
  const bytes = Buffer.from(value, 'latin1')
  const text = bytes.toString('utf8')
  return Buffer.from(text, 'utf8').equals(bytes) ? text : value
}
