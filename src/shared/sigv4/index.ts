/**
 * SigV4 as pure functions over a plain request record, shared by the SDK (signing) and the
 * server (verifying). Hashing is injected (`SigV4Crypto`), so nothing here needs a runtime built-in.
 */
export {
  formatAuthorizationHeader,
  type ParsedAuthorization,
  parseAuthorizationHeader,
} from './authorization-header.js'
export {
  canonicalHeaders,
  canonicalHeaderValue,
  type HeaderBag,
  type HeaderValue,
  lowerCaseHeaders,
} from './canonical-headers.js'
export { canonicalQueryString, parseQueryString, type QueryPairs } from './canonical-query.js'
export { type CanonicalRequestParts, createCanonicalRequest } from './canonical-request.js'
export { type CanonicalUriOptions, canonicalUri, normalizePath } from './canonical-uri.js'
export {
  CHUNK_ALGORITHM,
  createChunkStringToSign,
  createTrailerStringToSign,
  TRAILER_ALGORITHM,
} from './chunk-signature.js'
export {
  EMPTY_SHA256,
  SCOPE_TERMINATOR,
  SIGV4_ALGORITHM,
  STREAMING_SIGNED_PAYLOAD,
  STREAMING_SIGNED_PAYLOAD_TRAILER,
  STREAMING_UNSIGNED_PAYLOAD_TRAILER,
  UNSIGNED_PAYLOAD,
} from './constants.js'
export { parseCredential, type SigV4Credential } from './credential.js'
export { type SigV4Crypto, toHex } from './crypto.js'
export { isSigV4Error, SigV4Error } from './errors.js'
export {
  buildPresignedQuery,
  isPresignedQuery,
  MAX_PRESIGNED_EXPIRES,
  type ParsedPresignedQuery,
  type PresignedQueryInput,
  parsePresignedQuery,
} from './presigned-query.js'
export { createCredentialScope, formatAmzDate, parseAmzDate } from './scope.js'
export {
  presignRequest,
  type SignOptions,
  type SignResult,
  type SigV4Request,
  signRequest,
} from './sign-request.js'
export { computeSignature, signaturesEqual } from './signature.js'
export { deriveSigningKey } from './signing-key.js'
export { createStringToSign } from './string-to-sign.js'
export { uriDecode, uriEncode, uriEncodePath } from './uri-encode.js'
