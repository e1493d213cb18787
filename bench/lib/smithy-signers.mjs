// The two ways the SDK could sign headers with @smithy/signature-v4, kept here so the
// sdk-signing scenario measures them next to the SDK's own signer (src/sdk/transport/signer.ts):
//  - public: smithy as documented. Per request it formats the date and, to find its cached
//    signing key, HMACs the credentials.
//  - patched: what the SDK shipped until issue 13: the same signer with its TypeScript-private
//    `getSigningKey` replaced by a plain map lookup and `formatDate` overridden to format each
//    second once — fast, but it breaks whenever smithy renames or reshapes a private member.
import { SignatureV4 } from '@smithy/signature-v4'

// Not signed: the length is implied by the payload hash or UNSIGNED-PAYLOAD.
const UNSIGNABLE = new Set(['content-length'])

function smithyOptions(credentials, sha256) {
  return {
    service: 's3',
    region: 'us-east-1',
    credentials: {
      accessKeyId: credentials.accessKey,
      secretAccessKey: credentials.secretKey,
      sessionToken: credentials.sessionToken,
    },
    sha256,
    // S3 signs the path as sent (each segment encoded once, no normalization).
    uriEscapePath: false,
    applyChecksum: false,
  }
}

function signWith(signer) {
  return async (request, region, date) => {
    const signed = await signer.sign(
      {
        method: request.method,
        protocol: request.protocol,
        hostname: request.hostname,
        path: request.path,
        query: request.query ?? {},
        headers: request.headers,
      },
      { signingRegion: region, signingDate: date, unsignableHeaders: UNSIGNABLE },
    )
    return signed.headers
  }
}

/** smithy through its public API only. */
export function createPublicSmithySigner(credentials, sha256) {
  return signWith(new SignatureV4(smithyOptions(credentials, sha256)))
}

class CachingSignatureV4 extends SignatureV4 {
  #second = Number.NaN
  #formatted = { longDate: '', shortDate: '' }

  formatDate(now) {
    if (!(now instanceof Date)) return super.formatDate(now)
    const second = Math.floor(now.getTime() / 1000)
    if (second !== this.#second) {
      this.#formatted = super.formatDate(now)
      this.#second = second
    }
    return this.#formatted
  }
}

/** smithy with its private members patched, as src/sdk/transport/signer.ts did before issue 13. */
export function createPatchedSmithySigner(credentials, sha256) {
  const signer = new CachingSignatureV4(smithyOptions(credentials, sha256))
  const derive = signer.getSigningKey.bind(signer)
  const keys = new Map()
  signer.getSigningKey = (creds, region, shortDate, service) => {
    const id = `${shortDate}/${region}/${service}`
    let key = keys.get(id)
    if (key === undefined) {
      if (keys.size >= 16) keys.clear()
      key = derive(creds, region, shortDate, service)
      keys.set(id, key)
    }
    return key
  }
  return signWith(signer)
}
