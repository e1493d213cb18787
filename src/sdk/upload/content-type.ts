/**
 * Content-Type from a file name's extension, for fPutObject. A short table of the types people
 * upload most; anything else is application/octet-stream, as minio-js falls back to.
 */

const TYPES: Record<string, string> = {
  txt: 'text/plain',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  csv: 'text/csv',
  md: 'text/markdown',
  xml: 'application/xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  wasm: 'application/wasm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/vnd.microsoft.icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  woff: 'font/woff',
  woff2: 'font/woff2',
}

/**
 * The Content-Type for a file path.
 * @example
 * contentTypeOf('/photos/cat.JPG') // 'image/jpeg'
 */
export function contentTypeOf(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? ''
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return 'application/octet-stream'
  return TYPES[name.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream'
}
