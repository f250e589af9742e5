/** The API accepts at most this many values in one search. */
export const MAX_BATCH_SIZE = 100

/** The consecutive batches of `count` values, each at most `size`, as [from, to) ranges in order. */
export function batchRanges(count: number, size: number = MAX_BATCH_SIZE): [number, number][] {
  if (!Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE) {
    throw new RangeError(`Batch size must be an integer from 1 to ${MAX_BATCH_SIZE}.`)
  }
  const ranges: [number, number][] = []
  for (let from = 0; from < count; from += size) ranges.push([from, Math.min(count, from + size)])
  return ranges
}
