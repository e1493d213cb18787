import type { ServerResponse } from 'node:http'

/**
 * Sends an XML document with its length (keeps keep-alive cheap: no chunked encoding).
 * @example sendXml(res, 200, renderXml('ListAllMyBucketsResult', body))
 */
export function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(xml),
  })
  res.end(xml)
}

/**
 * Sends a response without a body.
 * @example sendEmpty(res, 204)
 */
export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number> = {},
): void {
  res.writeHead(status, { 'content-length': 0, ...headers })
  res.end()
}
