import type { ObjectLayer } from '../storage/object-layer.js'

/** Where the server configuration lives among the storage's system documents. */
export const SERVER_CONFIG_DOCUMENT = 'config/config.json'

/**
 * The `notify` member of the stored server configuration, or `undefined` when there is no
 * configuration document or it has no `notify`. Throws an error naming the document when it
 * is not a JSON object (the caller logs it and starts without targets).
 *
 * Only for `createBucketEvents` used alone: the server passes `loadNotify` instead, the
 * configuration in effect from `src/server/config/` (which also reads an older setup's
 * `~/.silo/config.json` when the data folder holds no document).
 *
 * @example const notify = await readNotifyConfig(storage) // { webhook: { '1': { enable: true, ... } } }
 */
export async function readNotifyConfig(storage: ObjectLayer): Promise<unknown> {
  const text = await storage.getSystemDocument(SERVER_CONFIG_DOCUMENT)
  if (text === undefined || text.trim() === '') return undefined
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    throw new Error(`${SERVER_CONFIG_DOCUMENT} is not valid JSON: ${(e as Error).message}`)
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new Error(`${SERVER_CONFIG_DOCUMENT} must hold a JSON object`)
  }
  return (doc as { notify?: unknown }).notify
}
