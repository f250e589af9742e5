/** Where a copy was kept. */
export interface CopySlot {
  slab: Slab
  offset: number
  length: number
}

interface Slab {
  bytes: Uint8Array
  end: number
  /** Copies in this slab not yet let go. */
  held: number
}

/**
 * Copies of the item bytes of a run's batches that History's writer has not confirmed yet: each
 * batch's own buffer moves to the writer's thread, and these copies are what the run recorder
 * writes again if the writer stops first. They are kept in slabs of `SLAB_BYTES`, each reused from
 * its start once every copy in it has been let go, so main allocates nothing per batch: a buffer per
 * batch, even one let go at once, counts towards V8's external memory until a collection, and a
 * 200,000-value lookup's 130 MB of items made main's thread mark its whole heap several times over
 * the lookup. What is held is what the writer has not confirmed, rounded up to slabs: a writer that
 * always has a batch in hand (a busy machine) never lets the copies grow with the run.
 */
export interface AnswerCopies {
  keep(bytes: Uint8Array): CopySlot
  /** What was kept in `slot`, in a buffer of its own. */
  copyOf(slot: CopySlot): Uint8Array
  /** The copy is no longer needed. */
  release(slot: CopySlot): void
  /** The bytes of every slab allocated and not yet dropped, for the tests. */
  readonly capacity: number
}

/** About fifteen 100-value batches of Demo items; a larger batch gets a slab of its own. */
export const SLAB_BYTES = 1024 * 1024
/** Empty slabs kept for reuse beyond the one being filled; any more are dropped. */
const SPARE_SLABS = 2

export function createAnswerCopies(): AnswerCopies {
  const spare: Slab[] = []
  let filling: Slab | null = null
  let capacity = 0

  function newSlab(bytes: number): Slab {
    capacity += bytes
    return { bytes: new Uint8Array(bytes), end: 0, held: 0 }
  }

  /** A slab with no copy left in it: reused if it is a standard one and there is room among the spares. */
  function emptied(slab: Slab): void {
    slab.end = 0
    if (slab === filling) return
    if (slab.bytes.byteLength === SLAB_BYTES && spare.length < SPARE_SLABS) spare.push(slab)
    else capacity -= slab.bytes.byteLength
  }

  function slabFor(length: number): Slab {
    if (length > SLAB_BYTES) return newSlab(length)
    if (filling !== null && filling.end + length <= filling.bytes.byteLength) return filling
    const full = filling
    filling = spare.pop() ?? newSlab(SLAB_BYTES)
    if (full !== null && full.held === 0) emptied(full)
    return filling
  }

  return {
    keep(bytes) {
      const slab = slabFor(bytes.byteLength)
      slab.bytes.set(bytes, slab.end)
      const slot = { slab, offset: slab.end, length: bytes.byteLength }
      slab.end += bytes.byteLength
      slab.held += 1
      return slot
    },
    copyOf: ({ slab, offset, length }) => slab.bytes.slice(offset, offset + length),
    release({ slab }) {
      slab.held -= 1
      if (slab.held === 0) emptied(slab)
    },
    get capacity() {
      return capacity
    }
  }
}
