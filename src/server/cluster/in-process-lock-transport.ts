import type { LockRequest, LockResponse, LockTransport } from './lock-protocol.js'

/**
 * A LockTransport between servers of one process (tests, and anything that runs several
 * members in one process). Requests and answers are copied, as a network would, so neither
 * side keeps a reference into the other.
 */
export class InProcessLockTransport implements LockTransport {
  readonly #servers = new Map<string, (request: LockRequest) => Promise<LockResponse>>()

  /** Answers calls to `url` with `handler` until the returned function is called. */
  serve(url: string, handler: (request: LockRequest) => Promise<LockResponse>): () => void {
    this.#servers.set(url, handler)
    return () => {
      if (this.#servers.get(url) === handler) this.#servers.delete(url)
    }
  }

  async call(ownerUrl: string, request: LockRequest): Promise<LockResponse> {
    const handler = this.#servers.get(ownerUrl)
    if (!handler) throw new Error(`no lock server at ${ownerUrl}`)
    return structuredClone(await handler(structuredClone(request)))
  }
}
