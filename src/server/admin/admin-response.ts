import type { ServerResponse } from 'node:http'

/**
 * Headers every admin response carries besides the common ones, as the seed lists them.
 * @example setAdminHeaders(res)
 */
export function setAdminHeaders(res: ServerResponse): void {
  res.setHeader('content-security-policy', 'block-all-mixed-content')
  res.setHeader('vary', 'Origin')
  res.setHeader('x-xss-protection', '1; mode=block')
}

/**
 * Sends a JSON value with its length.
 * @example sendJson(res, 200, { uptime: 12 })
 */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/**
 * Sends an encrypted body (`encryptAdminBody` output).
 * @example sendEncrypted(res, await encryptAdminBody(secret, text))
 */
export function sendEncrypted(res: ServerResponse, body: Uint8Array): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.byteLength })
  res.end(body)
}

/**
 * Answers a mutation that has nothing to return.
 * @example sendNoContent(res)
 */
export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204)
  res.end()
}
