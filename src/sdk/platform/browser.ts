/**
 * The browser platform: pure-JS SHA-256 (`@aws-crypto/sha256-js`, synchronous, no WebCrypto
 * secure-context requirement) and a fetch sender. Selected by the `#platform` import map.
 */
import { createBrowserSend } from './browser-send.js'
import { jsSigV4Crypto } from './js-sigv4-crypto.js'
import { md5 } from './md5.js'
import type { Platform } from './types.js'

/**
 * The platform the SDK runs on in browsers and other fetch runtimes.
 * @example
 * const send = platform.createSend({ useSSL: true })
 */
export const platform: Platform = {
  sigv4: jsSigV4Crypto,
  createSend: createBrowserSend,
  userAgent: undefined,
  md5,
  md5Base64: (data) => {
    let binary = ''
    for (const byte of md5(data)) binary += String.fromCharCode(byte)
    return btoa(binary)
  },
  files: undefined,
}
