import { type CompiledPolicy, isBuiltInPolicyName } from '../../shared/policy/index.js'
import { S3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import { checkAccessKey, checkPolicyName, checkSecretKey } from './names.js'
import { PolicyStore } from './policy-store.js'
import { type RootCredential, RootCredentialHolder } from './root-credential.js'
import { type UserRecord, type UserStatus, UserStore } from './user-store.js'

/** What `addUser` takes. */
export interface NewUser {
  accessKey: string
  secretKey: string
  policy: string
  status?: UserStatus
}

/**
 * Identity and access management: the root credential, IAM users and canned policies, with
 * the rules that tie them together (a user's policy must exist, the root cannot be a user, a
 * policy in use cannot be removed). Everything is cached in memory and persisted as system
 * documents; changes take effect at once and survive a restart.
 *
 * @example
 * const iam = new Iam(storage, { accessKey: 'siloadmin', secretKey: 'siloadmin' }); await iam.load()
 * await iam.addUser({ accessKey: 'bot', secretKey: 'bot-secret-1', policy: 'readonly' })
 */
export class Iam {
  readonly root: RootCredentialHolder
  readonly users: UserStore
  readonly policies: PolicyStore

  constructor(storage: ObjectLayer, initialRoot: RootCredential) {
    this.root = new RootCredentialHolder(storage, initialRoot)
    this.users = new UserStore(storage)
    this.policies = new PolicyStore(storage)
  }

  /** (Re)reads the root credential, users and policies from storage. */
  async load(): Promise<void> {
    await this.root.load()
    await this.policies.load()
    await this.users.load()
  }

  /** The compiled policy attached to a user, or undefined (the user may then do nothing). */
  policyOfUser(user: UserRecord): CompiledPolicy | undefined {
    return this.policies.get(user.policy)
  }

  /** Adds a user, or replaces one with the same access key. */
  async addUser(user: NewUser): Promise<void> {
    checkAccessKey(user.accessKey)
    checkSecretKey(user.secretKey)
    this.#refuseRoot(user.accessKey, 'be added as a user')
    this.#requirePolicy(user.policy)
    const status = user.status ?? 'enabled'
    checkStatus(status)
    await this.users.put({ ...user, status })
    this.#changed()
  }

  async removeUser(accessKey: string): Promise<void> {
    this.#refuseRoot(accessKey, 'be removed')
    await this.users.remove(accessKey)
    this.#changed()
  }

  async setUserStatus(accessKey: string, status: unknown): Promise<void> {
    this.#refuseRoot(accessKey, 'be enabled or disabled')
    checkStatus(status)
    await this.users.update(accessKey, { status })
    this.#changed()
  }

  async setUserPolicy(accessKey: string, policy: string): Promise<void> {
    this.#refuseRoot(accessKey, 'be given a policy')
    this.users.require(accessKey)
    this.#requirePolicy(policy)
    await this.users.update(accessKey, { policy })
    this.#changed()
  }

  async addPolicy(name: string, document: string): Promise<void> {
    checkPolicyName(name)
    await this.policies.put(name, document)
    this.#changed()
  }

  /**
   * Removes a stored policy. Refused while users have it (they would silently lose every
   * right, as in MinIO 2018), unless it replaced a built-in, which then applies again.
   */
  async removePolicy(name: string): Promise<void> {
    checkPolicyName(name)
    const users = this.users.usersOfPolicy(name)
    if (users.length > 0 && !isBuiltInPolicyName(name)) {
      throw new S3ServerError(
        'XSiloAdminPolicyInUse',
        `The policy '${name}' is attached to ${users.length} user(s) (${users.slice(0, 5).join(', ')}); give them another policy first.`,
      )
    }
    await this.policies.remove(name)
    this.#changed()
  }

  /** Replaces the root credential; it must not collide with an IAM user. */
  async setRootCredential(credential: RootCredential): Promise<void> {
    checkAccessKey(credential.accessKey)
    checkSecretKey(credential.secretKey)
    if (this.users.get(credential.accessKey)) {
      throw new S3ServerError(
        'XSiloAdminInvalidAccessKey',
        `The access key '${credential.accessKey}' already belongs to an IAM user.`,
      )
    }
    await this.root.set(credential)
    this.#changed()
  }

  /**
   * Called after each change is stored (distributed mode tells the other servers, which then
   * `load()` again). Not called for `load` itself.
   */
  onChange: (() => void) | undefined

  #changed(): void {
    this.onChange?.()
  }

  #refuseRoot(accessKey: string, what: string): void {
    if (accessKey === this.root.current.accessKey) {
      throw new S3ServerError('InvalidRequest', `The root access key cannot ${what}.`)
    }
  }

  #requirePolicy(policy: unknown): void {
    checkPolicyName(policy)
    if (!this.policies.has(policy)) {
      throw new S3ServerError('XSiloAdminNoSuchPolicy', `The canned policy '${policy}' does not exist.`)
    }
  }
}

function checkStatus(status: unknown): asserts status is UserStatus {
  if (status !== 'enabled' && status !== 'disabled') {
    throw new S3ServerError(
      'XSiloAdminInvalidArgument',
      `The user status must be 'enabled' or 'disabled', got ${JSON.stringify(status)}.`,
    )
  }
}
