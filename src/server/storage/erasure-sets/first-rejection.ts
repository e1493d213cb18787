/**
 * The first failure among settled promises, if any. The sets' steps wait for every set
 * (Promise.allSettled) before they answer: nothing is still running in a set, under the bucket's
 * gate or not, when the failure is thrown.
 */
export function firstRejection(
  results: readonly PromiseSettledResult<unknown>[],
): PromiseRejectedResult | undefined {
  return results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
}
