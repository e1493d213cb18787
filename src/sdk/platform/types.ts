/**
 * The seam between the isomorphic SDK and its runtime. `#platform` resolves to `node.ts` in Node
 * and to `browser.ts` in browser bundles (package.json "imports"); both export a `Platform`.
 */
import type { BodyStream } from '#object-stream'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'
import type { ChunkSource } from '../body/chunks.js'

// The byte stream a download is: Node's `Readable` in Node, a LightReadable in browsers. Typed by
// the `#object-stream` module of each platform, so the browser build's types name no Node module.
export type { BodyStream }

/** A request body whose bytes arrive over time; `length` is exact and sent as Content-Length. */
export interface StreamBody {
  readonly stream: ChunkSource
  readonly length: number
}

/** What a request carries: nothing, bytes in memory, or a stream of known length. */
export type WireBody = Uint8Array | StreamBody | undefined

/** A request ready for the wire: addressed and signed. */
export interface WireRequest {
  method: string
  protocol: 'http:' | 'https:'
  /** Host to connect to (IPv6 literals without brackets). */
  hostname: string
  port: number
  /** Escaped path plus `?query`. */
  path: string
  /** Lower-case names; includes `host`. */
  headers: Record<string, string>
  body: WireBody
  signal?: AbortSignal | undefined
  /**
   * Hears the body's bytes as the sender hands them to the connection (upload progress). A
   * sender that cannot tell (fetch) does not call it; callers count the rest when the answer comes.
   */
  onSent?: ((bytes: number) => void) | undefined
}

/** A response whose status and headers have arrived; the body has not been read. */
export interface WireResponse {
  status: number
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** One header's value (lower-case name), repeats joined with ', ' as `headers` holds them. */
  header(name: string): string | undefined
  /** The body as a stream (the caller must read it, or call `discard`); async so browsers load the stream library lazily. */
  stream(): Promise<BodyStream>
  /** Reads the whole body as UTF-8 text. */
  text(): Promise<string>
  /** Throws the body away; resolves once it is gone and the connection can be reused. */
  discard(): Promise<void>
}

/** Sends one request. Rejects with `NetworkError` / `TimeoutError` when no response arrives. */
export type HttpSend = (request: WireRequest) => Promise<WireResponse>

/** The client options a platform's sender honours. */
export interface SendOptions {
  useSSL: boolean
  transport?: object | undefined
  transportAgent?: object | undefined
}

/** Everything runtime-specific the SDK needs. */
export interface Platform {
  /** Synchronous SHA-256 and HMAC for signing and presigning: node:crypto in Node, `@aws-crypto/sha256-js` in browsers. */
  readonly sigv4: SigV4Crypto
  /** Builds the sender for one client. */
  createSend(options: SendOptions): HttpSend
  /** `user-agent` header value, or undefined where the runtime sets its own. */
  readonly userAgent: string | undefined
  /** The 16-byte MD5 digest (Content-MD5 of parts and DeleteObjects): node:crypto, or pure JS. */
  md5(data: Uint8Array): Uint8Array
  /** The same digest in base64, a Content-MD5 value (node:crypto encodes it natively). */
  md5Base64(data: Uint8Array): string
  /** Local file access for fPutObject / fGetObject; undefined where there is no file system (browsers). */
  readonly files: LocalFiles | undefined
}

/** The local file operations fPutObject and fGetObject need. */
export interface LocalFiles {
  /** A regular file's size in bytes, or undefined when it does not exist. */
  size(path: string): Promise<number | undefined>
  /** The bytes of a file from `start` (inclusive) to `end` (exclusive), as a stream. */
  read(path: string, start?: number, end?: number): AsyncIterable<Uint8Array>
  /** Appends a stream to a file, creating it and its folders as needed. */
  append(path: string, chunks: AsyncIterable<Uint8Array>, signal?: AbortSignal): Promise<void>
  /** Renames a file, replacing the target. */
  rename(from: string, to: string): Promise<void>
  /** Removes a file if it exists. */
  remove(path: string): Promise<void>
}
