import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import type { EventTarget, QueuedEvent } from '../../../../../src/server/events/targets/types.js'
import { expectedMessage } from '../../support/expected-message.js'
import { makeEventSequence } from './events.js'
import { uniqueName } from './service.js'

/** What one kind's test gives the shared suite. */
export interface ContractFixture {
  target: EventTarget
  /**
   * What the service holds now, read back with its own client: for `namespace` an object
   * `{ '<bucket>/<object>': storedValue }`, for `access` the stored entries in order, for
   * `message` the payloads a subscriber received, in order.
   */
  read(): Promise<unknown>
  /** Checks what `open` prepared (table, key, exchange...), if the kind prepares anything. */
  checkPrepared?(): Promise<void>
  cleanup(): Promise<void>
}

export interface ContractOptions {
  style: 'namespace' | 'access' | 'message'
  setup(): Promise<ContractFixture>
  /** A target of the same kind pointed at a closed port. */
  createUnreachable(): Promise<EventTarget>
  /** The kind's `open` does not contact the service (webhook), so it succeeds while it is down. */
  opensWithoutService?: boolean
  /** The stored entry for one event in `access` style (the shapes differ per kind). */
  accessEntry?(event: QueuedEvent): unknown
}

/** The expected store after each event of the sequence has been sent. */
function expectedAfter(options: ContractOptions, sent: QueuedEvent[], kind: string): unknown {
  if (options.style === 'message') return sent.map((e) => expectedMessage(kind, e))
  if (options.style === 'access') return sent.map((e) => options.accessEntry!(e))
  const state: Record<string, unknown> = {}
  for (const e of sent) {
    if (e.eventName.startsWith('s3:ObjectRemoved:')) delete state[e.key]
    // The seed: the object's entry holds the event message ("event data"), Records and all.
    else state[e.key] = expectedMessage(kind, e)
  }
  return state
}

/**
 * The suite every event target passes (STYLE.md: one contract suite per interface): open
 * prepares the service, each event of a put → overwrite → get → copy → delete sequence leaves
 * exactly the expected shape in the service, and an unreachable service fails clearly.
 */
export function runTargetContract(options: ContractOptions): void {
  let fixture: ContractFixture
  beforeAll(async () => {
    fixture = await options.setup()
  })
  afterAll(async () => {
    await fixture?.target.close()
    await fixture?.cleanup()
  })

  it('opens, preparing the service, and reports itself online', async () => {
    await fixture.target.open()
    await fixture.checkPrepared?.()
    expect(await fixture.target.isOnline()).toBe(true)
  })

  it('stores exactly the expected shape after each event', async () => {
    const events = makeEventSequence(uniqueName('bucket').replaceAll('_', '-'))
    for (let i = 0; i < events.length; i++) {
      await fixture.target.send(events[i]!)
      const want = expectedAfter(options, events.slice(0, i + 1), fixture.target.kind)
      await vi.waitFor(async () => expect(await fixture.read()).toEqual(want), { timeout: 3000 })
    }
  })

  it('rejects open and send with an error naming the target when the service is unreachable', async () => {
    const target = await options.createUnreachable()
    const [event] = makeEventSequence('b')
    try {
      if (options.opensWithoutService) await target.open()
      else await expect(target.open()).rejects.toThrow(`${target.arn}: open failed:`)
      await expect(target.send(event!)).rejects.toMatchObject({
        name: 'TargetError',
        message: expect.stringMatching(/^arn:silo:sqs:.*: send failed: .*(ECONNREFUSED|CONNECTION_REFUSED)/i),
      })
      expect(await target.isOnline()).toBe(false)
    } finally {
      await target.close()
    }
  })
}
