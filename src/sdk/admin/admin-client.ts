/**
 * `AdminClient`: the admin API of a Silo server (users, canned policies, credential,
 * configuration, service, info, heal), for Node and browsers. Method groups are chained:
 * AdminClientCore → AdminServiceMethods → AdminClient.
 */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from '../callbackify.js'
import { AdminServiceMethods } from './admin-service-methods.js'
import type { CannedPolicy, UserInfo, UserStatus } from './admin-types.js'

const JSON_TYPE = 'application/json'
const encodeJson = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

/**
 * Administers a Silo server with its root credential. Every method returns a Promise, or calls
 * back when its last argument is a function. Failures are `S3Error`s whose `code` is the admin
 * error code (`XSiloAdminNoSuchUser`, `MalformedPolicy`, `AccessDenied`, ...).
 * @example
 * import { AdminClient } from 'silo'
 * const admin = new AdminClient({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'siloadmin', secretKey: 'siloadmin' })
 * await admin.addUser('reporting-bot', 'bot-secret-key', 'readonly')
 */
export class AdminClient extends AdminServiceMethods {
  /**
   * Adds a user (or replaces one with the same access key) with a canned policy; the secret key
   * travels encrypted. The user is enabled.
   * @example
   * await admin.addUser('reporting-bot', 'bot-secret-key', 'readonly')
   */
  addUser(accessKey: string, secretKey: string, policyName: string): Promise<void>
  addUser(accessKey: string, secretKey: string, policyName: string, callback: NoResultCallback): void
  addUser(
    accessKey: string,
    secretKey: string,
    policyName: string,
    ...rest: unknown[]
  ): Promise<void> | undefined {
    return deliver(popCallback(rest), async () => {
      const body = await this.seal({ secretKey, policy: policyName, status: 'enabled' })
      await this.transport.empty({ method: 'PUT', path: ['v1', 'users', accessKey], body })
    })
  }

  /**
   * Removes a user.
   * @example
   * await admin.removeUser('reporting-bot')
   */
  removeUser(accessKey: string): Promise<void>
  removeUser(accessKey: string, callback: NoResultCallback): void
  removeUser(accessKey: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () =>
      this.transport.empty({ method: 'DELETE', path: ['v1', 'users', accessKey] }),
    )
  }

  /**
   * Enables or disables a user; a disabled user's requests are refused with `XSiloUserDisabled`.
   * @example
   * await admin.setUserStatus('reporting-bot', 'disabled')
   */
  setUserStatus(accessKey: string, status: UserStatus): Promise<void>
  setUserStatus(accessKey: string, status: UserStatus, callback: NoResultCallback): void
  setUserStatus(accessKey: string, status: UserStatus, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () =>
      this.transport.empty({
        method: 'PUT',
        path: ['v1', 'users', accessKey, 'status'],
        body: encodeJson({ status }),
        contentType: JSON_TYPE,
      }),
    )
  }

  /**
   * Lists users (access key, status, policy; never secrets).
   * @example
   * for (const { accessKey, status } of await admin.listUsers()) console.log(accessKey, status)
   */
  listUsers(): Promise<UserInfo[]>
  listUsers(callback: ResultCallback<UserInfo[]>): void
  listUsers(...rest: unknown[]): Promise<UserInfo[]> | undefined {
    return deliver(popCallback(rest), async () => {
      const { users } = await this.transport.json<{ users: UserInfo[] }>({
        method: 'GET',
        path: ['v1', 'users'],
      })
      return users
    })
  }

  /**
   * Attaches another canned policy to a user.
   * @example
   * await admin.setUserPolicy('reporting-bot', 'readwrite')
   */
  setUserPolicy(accessKey: string, policyName: string): Promise<void>
  setUserPolicy(accessKey: string, policyName: string, callback: NoResultCallback): void
  setUserPolicy(accessKey: string, policyName: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () =>
      this.transport.empty({
        method: 'PUT',
        path: ['v1', 'users', accessKey, 'policy'],
        body: encodeJson({ policy: policyName }),
        contentType: JSON_TYPE,
      }),
    )
  }

  /**
   * Adds (or replaces) a canned IAM policy, given as a document or its JSON text. A bad document
   * is refused with `MalformedPolicy` naming the statement.
   * @example
   * await admin.addCannedPolicy('reports-read', { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::reports/*'] }] })
   */
  addCannedPolicy(name: string, policy: string | object): Promise<void>
  addCannedPolicy(name: string, policy: string | object, callback: NoResultCallback): void
  addCannedPolicy(name: string, policy: string | object, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () => {
      const text = typeof policy === 'string' ? policy : JSON.stringify(policy)
      const body = new TextEncoder().encode(text)
      return this.transport.empty({
        method: 'PUT',
        path: ['v1', 'policies', name],
        body,
        contentType: JSON_TYPE,
      })
    })
  }

  /**
   * Removes a canned policy (refused with `XSiloAdminPolicyInUse` while users have it).
   * @example
   * await admin.removeCannedPolicy('reports-read')
   */
  removeCannedPolicy(name: string): Promise<void>
  removeCannedPolicy(name: string, callback: NoResultCallback): void
  removeCannedPolicy(name: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), () =>
      this.transport.empty({ method: 'DELETE', path: ['v1', 'policies', name] }),
    )
  }

  /**
   * Lists canned policies, built-ins included, with their documents.
   * @example
   * const names = (await admin.listCannedPolicies()).map((p) => p.name)
   */
  listCannedPolicies(): Promise<CannedPolicy[]>
  listCannedPolicies(callback: ResultCallback<CannedPolicy[]>): void
  listCannedPolicies(...rest: unknown[]): Promise<CannedPolicy[]> | undefined {
    return deliver(popCallback(rest), async () => {
      const res = await this.transport.json<{ policies: CannedPolicy[] }>({
        method: 'GET',
        path: ['v1', 'policies'],
      })
      return res.policies
    })
  }
}
