import { S3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'

const PREFIX = 'iam/users/'
const pathOf = (accessKey: string) => `${PREFIX}${accessKey}.json`

/** Whether a user's requests are accepted. */
export type UserStatus = 'enabled' | 'disabled'

/** An IAM user as stored: the secret never leaves the server except to verify signatures. */
export interface UserRecord {
  accessKey: string
  secretKey: string
  status: UserStatus
  /** The canned policy attached to the user. */
  policy: string
}

/** A user as the admin API lists it: no secret. */
export interface UserInfo {
  accessKey: string
  status: UserStatus
  policy: string
}

/**
 * IAM users, stored as system documents `iam/users/<accessKey>.json` and cached in memory, so a
 * signature check never touches the disk. Writes go to storage first; the cache changes only
 * once the write is durable.
 *
 * @example
 * const users = new UserStore(storage); await users.load()
 * users.get('reporting-bot')?.status // 'enabled'
 */
export class UserStore {
  readonly #storage: ObjectLayer
  #users = new Map<string, UserRecord>()

  constructor(storage: ObjectLayer) {
    this.#storage = storage
  }

  /** (Re)reads every stored user. */
  async load(): Promise<void> {
    const users = new Map<string, UserRecord>()
    for (const path of await this.#storage.listSystemDocuments(PREFIX)) {
      if (!path.endsWith('.json')) continue
      const text = await this.#storage.getSystemDocument(path)
      if (text === undefined) continue
      const accessKey = path.slice(PREFIX.length, -'.json'.length)
      const stored = JSON.parse(text) as Omit<UserRecord, 'accessKey'>
      users.set(accessKey, { accessKey, ...stored })
    }
    this.#users = users
  }

  get(accessKey: string): UserRecord | undefined {
    return this.#users.get(accessKey)
  }

  /** Users sorted by access key, without secrets. */
  list(): UserInfo[] {
    return [...this.#users.values()]
      .sort((a, b) => (a.accessKey < b.accessKey ? -1 : a.accessKey > b.accessKey ? 1 : 0))
      .map(({ accessKey, status, policy }) => ({ accessKey, status, policy }))
  }

  /** Access keys of the users a canned policy is attached to. */
  usersOfPolicy(policy: string): string[] {
    return [...this.#users.values()].filter((u) => u.policy === policy).map((u) => u.accessKey)
  }

  /** Stores (adds or replaces) a user. */
  async put(user: UserRecord): Promise<void> {
    const { accessKey, ...stored } = user
    await this.#storage.putSystemDocument(pathOf(accessKey), JSON.stringify(stored))
    this.#users.set(accessKey, { ...user })
  }

  /** Changes some fields of an existing user; XSiloAdminNoSuchUser when there is none. */
  async update(accessKey: string, change: Partial<Pick<UserRecord, 'status' | 'policy'>>): Promise<void> {
    await this.put({ ...this.require(accessKey), ...change })
  }

  async remove(accessKey: string): Promise<void> {
    this.require(accessKey)
    await this.#storage.putSystemDocument(pathOf(accessKey), undefined)
    this.#users.delete(accessKey)
  }

  /** The user, or XSiloAdminNoSuchUser naming the access key. */
  require(accessKey: string): UserRecord {
    const user = this.#users.get(accessKey)
    if (!user) throw new S3ServerError('XSiloAdminNoSuchUser', `The user '${accessKey}' does not exist.`)
    return user
  }
}
