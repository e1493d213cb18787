import { expect } from 'vitest'
import { TargetConfigError, type TargetFactory } from '../../../../../src/server/events/targets/types.js'

/** One bad configuration and the message the error must carry (it starts with the field path). */
export type BadConfigRow = [description: string, raw: unknown, message: string]

/** Asserts that `factory.parse` rejects `raw` with a TargetConfigError whose message is `message`. */
export function expectConfigError(factory: TargetFactory, raw: unknown, message: string): void {
  let error: unknown
  try {
    factory.parse(raw, `notify.${factory.kind}["1"]`)
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(TargetConfigError)
  expect((error as Error).message).toBe(message)
}
