/**
 * The Node platform: node:crypto hashing and a node:http(s) sender. Browser bundles get
 * `browser.ts` instead through the `#platform` import map, so nothing here reaches them.
 */
import { createHash } from 'node:crypto'
import { nodeFiles } from './node-files.js'
import { md5Base64, nodeSigV4Crypto } from './node-hash.js'
import { createNodeSend } from './node-send.js'
import type { Platform } from './types.js'

const VERSION = '0.1.0'

/**
 * The platform the SDK runs on in Node.
 * @example
 * const send = platform.createSend({ useSSL: true })
 */
export const platform: Platform = {
  sigv4: nodeSigV4Crypto,
  createSend: createNodeSend,
  userAgent: `silo-js/${VERSION} (node ${process.version}; ${process.platform} ${process.arch})`,
  md5: (data) => createHash('md5').update(data).digest(),
  md5Base64,
  files: nodeFiles,
}
