/**
 * What a crash-and-restart test expects to find: for every bucket and key it touched, each state
 * it may be in after a SIGKILL. An acknowledged write leaves one state (its own); a write the
 * kill cut adds its state to those already possible (it may or may not have landed, but never
 * half). After a restart the test observes each state, checks it is one of the possible ones and
 * settles on it.
 */
import type { Digest } from './object-digest.js'

/** The state of a key where no object is. */
export const ABSENT = 'absent'

/** An object's state: the SHA-256 of one complete content ever written to it, or ABSENT. */
export type ObjectState = string

/** A bucket's state. */
export type BucketState = 'present' | 'absent'

/** How a request ended: the server said yes (2xx), the kill cut it, or it never started. */
export type Ack = 'acknowledged' | 'cut'

/** The expected states of every bucket and object a crash test touched. */
export class CrashModel {
  private readonly buckets = new Map<string, Set<BucketState>>()
  private readonly objects = new Map<string, Map<string, Set<ObjectState>>>()
  private readonly sizes = new Map<string, number>()

  /** A bucket whose creation was acknowledged. */
  createBucket(bucket: string): void {
    this.buckets.set(bucket, new Set(['present']))
    if (!this.objects.has(bucket)) this.objects.set(bucket, new Map())
  }

  /** A PUT or Complete of `content` to a key. */
  write(bucket: string, key: string, content: Digest, ack: Ack): void {
    this.sizes.set(content.sha256, content.size)
    this.apply(bucket, key, content.sha256, ack)
  }

  /** A delete of a key. */
  delete(bucket: string, key: string, ack: Ack): void {
    this.apply(bucket, key, ABSENT, ack)
  }

  /**
   * A DeleteBucket: acknowledged, refused (the bucket stays), or cut. Its objects' states are
   * left alone on purpose: an acknowledged object in a bucket that is gone is a lost write.
   */
  deleteBucket(bucket: string, outcome: Ack | 'refused'): void {
    if (outcome === 'refused') return
    const states = this.bucketStates(bucket)
    if (outcome === 'acknowledged') states.clear()
    states.add('absent')
  }

  /** Every bucket the model knows. */
  bucketNames(): string[] {
    return [...this.buckets.keys()]
  }

  /** The buckets that may be present. */
  possibleBuckets(): string[] {
    return this.bucketNames().filter((bucket) => this.bucketStates(bucket).has('present'))
  }

  /** The states `bucket` may be in. */
  bucketStates(bucket: string): Set<BucketState> {
    const states = this.buckets.get(bucket)
    if (!states) throw new Error(`the model knows no bucket ${bucket}`)
    return states
  }

  /** Every key of `bucket` the model knows. */
  keysOf(bucket: string): string[] {
    return [...(this.objects.get(bucket)?.keys() ?? [])]
  }

  /** The keys of `bucket` certainly holding an object now (their one possible state is not ABSENT). */
  presentKeys(bucket: string): string[] {
    return this.keysOf(bucket).filter((key) => {
      const states = this.objectStates(bucket, key)
      return states.size === 1 && !states.has(ABSENT)
    })
  }

  /** The states a key may be in. */
  objectStates(bucket: string, key: string): Set<ObjectState> {
    return this.objects.get(bucket)?.get(key) ?? new Set([ABSENT])
  }

  /** A state for failure messages: ABSENT, or a short hash and the size. */
  describe(state: ObjectState): string {
    return state === ABSENT ? ABSENT : `${state.slice(0, 12)} (${this.sizes.get(state) ?? '?'} bytes)`
  }

  /** The observed state of a bucket becomes its only possible one. */
  settleBucket(bucket: string, state: BucketState): void {
    this.buckets.set(bucket, new Set([state]))
  }

  /** The observed state of a key becomes its only possible one. */
  settleObject(bucket: string, key: string, state: ObjectState): void {
    this.keyMap(bucket).set(key, new Set([state]))
  }

  private apply(bucket: string, key: string, state: ObjectState, ack: Ack): void {
    const keys = this.keyMap(bucket)
    const states = ack === 'acknowledged' ? new Set<ObjectState>() : new Set(this.objectStates(bucket, key))
    states.add(state)
    keys.set(key, states)
  }

  private keyMap(bucket: string): Map<string, Set<ObjectState>> {
    let keys = this.objects.get(bucket)
    if (!keys) {
      keys = new Map()
      this.objects.set(bucket, keys)
    }
    return keys
  }
}
