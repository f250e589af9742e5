/** Where a copy was kept. */
export interface CopySlot {
  offset: number
  length: number
}

/**
 * Copies of the item bytes of a run's batches that History's writer has not confirmed yet: each
 * batch's own buffer moves to the writer's thread, and these copies are what the run recorder
 * writes again if the writer stops first. They share one buffer, reused from its start whenever
 * every copy in it has been let go (most of the time: the writer confirms a batch within
 * milliseconds), so main allocates nothing per batch. A buffer per batch, even one let go at once,
 * counts towards V8's external memory until a collection, and a 200,000-value lookup's 130 MB of
 * items made main's thread mark its whole heap several times over the lookup.
 */
export interface AnswerCopies {
  keep(bytes: Uint8Array): CopySlot
  /** What was kept in `slot`, in a buffer of its own. */
  copyOf(slot: CopySlot): Uint8Array
  /** The copy is no longer needed. */
  release(slot: CopySlot): void
  /** The size of the shared buffer, for the tests. */
  readonly capacity: number
}

const FIRST_CAPACITY = 64 * 1024

export function createAnswerCopies(): AnswerCopies {
  let buffer = new Uint8Array(0)
  let end = 0
  let held = 0
  return {
    keep(bytes) {
      if (end + bytes.byteLength > buffer.byteLength) {
        const grown = new Uint8Array(Math.max(FIRST_CAPACITY, buffer.byteLength * 2, end + bytes.byteLength))
        grown.set(buffer.subarray(0, end))
        buffer = grown
      }
      buffer.set(bytes, end)
      const slot = { offset: end, length: bytes.byteLength }
      end += bytes.byteLength
      held += 1
      return slot
    },
    copyOf: ({ offset, length }) => buffer.slice(offset, offset + length),
    release() {
      held -= 1
      if (held === 0) end = 0
    },
    get capacity() {
      return buffer.byteLength
    }
  }
}
