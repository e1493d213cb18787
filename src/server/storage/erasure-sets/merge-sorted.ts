/**
 * Merges sorted streams into one sorted stream (a k-way merge): each step yields the smallest
 * head, the earliest stream's on a tie (so one stream's equal entries keep their order). An entry
 * that `isDuplicate` of the one yielded just before is dropped: the same common prefix listed by
 * several sets, a key several sets' drives hold. Every stream's first entry is awaited at once;
 * after that, only the stream whose head was taken is read on.
 */
export async function* mergeSorted<T>(
  sources: readonly AsyncIterable<T>[],
  compare: (a: T, b: T) => number,
  isDuplicate: (previous: T, next: T) => boolean = () => false,
): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]())
  try {
    const heads = await Promise.all(iterators.map((iterator) => iterator.next()))
    let last: { value: T } | undefined
    while (true) {
      let min = -1
      for (let i = 0; i < heads.length; i++) {
        const head = heads[i]!
        if (head.done) continue
        if (min < 0 || compare(head.value, (heads[min] as IteratorYieldResult<T>).value) < 0) min = i
      }
      if (min < 0) return
      const { value } = heads[min] as IteratorYieldResult<T>
      heads[min] = await iterators[min]!.next()
      if (last && isDuplicate(last.value, value)) continue
      last = { value }
      yield value
    }
  } finally {
    // Ending early (a page is full): let every stream release what it holds.
    await Promise.all(iterators.map((iterator) => iterator.return?.()))
  }
}
