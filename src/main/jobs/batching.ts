/** The API accepts at most this many values in one search. */
export const MAX_BATCH_SIZE = 100

/** Splits values into consecutive batches of at most `size`, keeping their order. */
export function toBatches<T>(values: readonly T[], size: number = MAX_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE) {
    throw new RangeError(`Batch size must be an integer from 1 to ${MAX_BATCH_SIZE}.`)
  }
  const batches: T[][] = []
  for (let start = 0; start < values.length; start += size) batches.push(values.slice(start, start + size))
  return batches
}
