/** What a heal sequence covers: the whole deployment, one bucket, or a prefix in a bucket. */
export interface HealTarget {
  /** '' for the whole deployment. */
  bucket: string
  /** '' for the whole bucket; with `recursive: false`, the one object named exactly so. */
  prefix: string
}

/**
 * The path a sequence is filed under (`bucket/prefix`, '' for the deployment), as MinIO names it.
 * @example
 * healPathOf({ bucket: 'photos', prefix: '2026/' }) // 'photos/2026/'
 */
export function healPathOf({ bucket, prefix }: HealTarget): string {
  if (bucket === '') return ''
  return prefix === '' ? bucket : `${bucket}/${prefix}`
}

/**
 * Whether two targets cover some object in common: the deployment overlaps everything, and in
 * one bucket a prefix overlaps every prefix it starts or that starts it. MinIO compares the
 * joined paths as strings, so buckets `a` and `ab` "overlapped" there; buckets are compared
 * whole here, because they never share an object.
 * @example
 * healTargetsOverlap({ bucket: 'photos', prefix: '' }, { bucket: 'photos', prefix: '2026/' }) // true
 * healTargetsOverlap({ bucket: 'a', prefix: '' }, { bucket: 'ab', prefix: '' }) // false
 */
export function healTargetsOverlap(a: HealTarget, b: HealTarget): boolean {
  if (a.bucket === '' || b.bucket === '') return true
  if (a.bucket !== b.bucket) return false
  return a.prefix.startsWith(b.prefix) || b.prefix.startsWith(a.prefix)
}
