import {
  BUILT_IN_POLICIES,
  type CompiledPolicy,
  isBuiltInPolicyName,
  isPolicyError,
  parsePolicy,
} from '../../shared/policy/index.js'
import { S3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'

const PREFIX = 'iam/policies/'
const pathOf = (name: string) => `${PREFIX}${name}.json`

/** One canned policy as the admin API lists it. */
export interface CannedPolicyInfo {
  name: string
  /** True for `readonly`, `readwrite`, `writeonly` when no stored policy replaces them. */
  builtIn: boolean
  /** The policy document, as written when it was added. */
  document: string
}

interface Entry {
  text: string
  compiled: CompiledPolicy
  builtIn: boolean
}

/**
 * Canned IAM policies: the built-ins plus those added through the admin API (system documents
 * `iam/policies/<name>.json`), compiled once and kept in memory. A stored policy named like a
 * built-in replaces it; removing it brings the built-in back.
 *
 * @example
 * const policies = new PolicyStore(storage); await policies.load()
 * policies.get('readonly') // CompiledPolicy
 */
export class PolicyStore {
  readonly #storage: ObjectLayer
  #entries = new Map<string, Entry>()

  constructor(storage: ObjectLayer) {
    this.#storage = storage
  }

  /** (Re)reads every stored policy; the cache is swapped only once all of them parsed. */
  async load(): Promise<void> {
    const entries = new Map<string, Entry>()
    for (const [name, document] of Object.entries(BUILT_IN_POLICIES)) {
      const text = JSON.stringify(document)
      entries.set(name, { text, compiled: parsePolicy(text, 'iam'), builtIn: true })
    }
    for (const path of await this.#storage.listSystemDocuments(PREFIX)) {
      const text = await this.#storage.getSystemDocument(path)
      if (text === undefined || !path.endsWith('.json')) continue
      const name = path.slice(PREFIX.length, -'.json'.length)
      entries.set(name, { text, compiled: parsePolicy(text, 'iam'), builtIn: false })
    }
    this.#entries = entries
  }

  /** The compiled policy, or undefined when no policy has that name. */
  get(name: string): CompiledPolicy | undefined {
    return this.#entries.get(name)?.compiled
  }

  has(name: string): boolean {
    return this.#entries.has(name)
  }

  /** Every policy, sorted by name. */
  list(): CannedPolicyInfo[] {
    return [...this.#entries]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, e]) => ({ name, builtIn: e.builtIn, document: e.text }))
  }

  /**
   * Validates and stores a policy (replacing one of the same name). Throws MalformedPolicy
   * naming the bad statement; nothing is stored then.
   */
  async put(name: string, text: string): Promise<void> {
    let compiled: CompiledPolicy
    try {
      compiled = parsePolicy(text, 'iam')
    } catch (e) {
      if (isPolicyError(e)) throw new S3ServerError('MalformedPolicy', `Policy '${name}': ${e.message}`)
      throw e
    }
    await this.#storage.putSystemDocument(pathOf(name), text)
    this.#entries.set(name, { text, compiled, builtIn: false })
  }

  /**
   * Removes a stored policy; a built-in it replaced comes back. Throws XSiloAdminNoSuchPolicy
   * when nothing is stored under `name` (a built-in cannot be removed).
   */
  async remove(name: string): Promise<void> {
    const entry = this.#entries.get(name)
    if (!entry || entry.builtIn) {
      const why = entry ? 'it is built in and cannot be removed' : 'no such policy'
      throw new S3ServerError('XSiloAdminNoSuchPolicy', `Cannot remove policy '${name}': ${why}.`)
    }
    await this.#storage.putSystemDocument(pathOf(name), undefined)
    if (isBuiltInPolicyName(name)) {
      const text = JSON.stringify(BUILT_IN_POLICIES[name])
      this.#entries.set(name, { text, compiled: parsePolicy(text, 'iam'), builtIn: true })
    } else {
      this.#entries.delete(name)
    }
  }
}
