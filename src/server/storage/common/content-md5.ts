import { S3ServerError } from '../../errors.js'

// 16 bytes of MD5 are exactly 22 base64 characters plus '=='; anything else is malformed.
const MD5_BASE64 = /^[A-Za-z0-9+/]{21}[AQgw]==$/

/** The hex MD5 a Content-MD5 header declares; malformed base64 is InvalidDigest (RFC 1864). */
export function parseContentMd5(contentMd5: string): string {
  if (!MD5_BASE64.test(contentMd5)) {
    throw new S3ServerError('InvalidDigest', undefined, { 'Content-MD5': contentMd5 })
  }
  return Buffer.from(contentMd5, 'base64').toString('hex')
}
