/**
 * Which web origins may call the server from a browser (server-wide, like MinIO's
 * `cors_allow_origin`): any by default, or a list of origins where `*` matches any run of
 * characters (`https://*.example.com`).
 */

/** `createServer({ cors })`: the origins pages may call the server from. */
export interface CorsOptions {
  /** Allowed origins such as `https://app.example.com`; `['*']` (the default) allows any. */
  origins?: string[]
}

/** A resolved CORS policy. */
export interface CorsPolicy {
  /** Whether a page from `origin` may call the server. */
  allows(origin: string): boolean
}

/**
 * Validates CORS options. Throws TypeError naming a bad origin.
 * @example
 * createCorsPolicy({ origins: ['https://*.example.com'] }).allows('https://app.example.com') // true
 */
export function createCorsPolicy(options: CorsOptions = {}): CorsPolicy {
  const origins = options.origins ?? ['*']
  if (!Array.isArray(origins)) throw new TypeError('createServer: cors.origins must be an array of origins')
  if (origins.includes('*')) return { allows: () => true }
  const patterns = origins.map((origin) => {
    if (typeof origin !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(origin)) {
      throw new TypeError(
        `createServer: cors.origins entry ${JSON.stringify(origin)} must be an origin like 'https://app.example.com' (no path)`,
      )
    }
    const escaped = origin
      .toLowerCase()
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')
    return new RegExp(`^${escaped}$`)
  })
  return { allows: (origin) => patterns.some((p) => p.test(origin.toLowerCase())) }
}
