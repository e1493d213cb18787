import { describe } from 'vitest'
import type { OpenStorage } from './contract/harness.js'
import { describeVersionDeletes } from './versioning/deletes.js'
import { describeVersionPagingModel } from './versioning/paging-model.js'
import { describeVersionStacks } from './versioning/versions.js'

/**
 * The versioning contract (issue 14): every ObjectLayer with versions must pass it. `open` as the
 * storage contract's (contract.ts). `skip` names why a backend does not run it yet.
 *
 * @example describeVersioningContract('single drive', () => openTempDrive())
 */
export function describeVersioningContract(
  name: string,
  open: OpenStorage,
  options: { skip?: string } = {},
): void {
  const suite = options.skip ? describe.skip : describe
  suite(`versioning contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    describeVersionStacks(open)
    describeVersionDeletes(open)
    describeVersionPagingModel(open)
  })
}
