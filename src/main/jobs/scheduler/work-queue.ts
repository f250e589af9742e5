import { BinaryHeap } from './binary-heap'

/**
 * Work waiting to be sent, in priority order. `order` is compared element by element, lower
 * first (e.g. [lookup, store, batch]): a many-store lookup that numbers its batches store by store
 * finishes its stores in turn, and a retry that keeps its batch's order goes before the batches
 * behind it. Work with a `notBefore` (a retry's backoff) waits aside until its time comes.
 */
export interface WorkEntry<T> {
  readonly value: T
  /** Compared before `order`, lower first (the scheduler's lane): an order needs no copy to put it in front. */
  readonly group: number
  readonly order: readonly number[]
  readonly notBefore: number
}

interface Entry<T> extends WorkEntry<T> {
  readonly seq: number
  live: boolean
}

export interface WorkQueue<T> {
  readonly size: number
  push(value: T, order: readonly number[], notBefore?: number, group?: number): WorkEntry<T>
  /** Takes out work not yet sent; false when it had already been taken or dropped. */
  drop(entry: WorkEntry<T>): boolean
  /** The first work in order whose time has come, taken out of the queue. */
  takeReady(now: number): T | undefined
  hasReady(now: number): boolean
  /** When the earliest waiting work becomes ready; null when nothing waits. */
  nextReadyAt(): number | null
}

export function compareOrder(a: readonly number[], b: readonly number[]): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i += 1) {
    const difference = (a[i] as number) - (b[i] as number)
    if (difference !== 0) return difference
  }
  return a.length - b.length
}

const COMPACT_AFTER = 1024

/** Lower first: by group, then order, then as pushed. */
function before<T>(a: Entry<T>, b: Entry<T>): boolean {
  const byOrder = a.group === b.group ? compareOrder(a.order, b.order) : a.group - b.group
  return byOrder === 0 ? a.seq < b.seq : byOrder < 0
}

/**
 * Ready work, lowest first: what comes in order (a lookup's batches, queued at its start) waits in
 * a plain list and leaves from its front without being compared again; the rest (a retry, a
 * batch's halves) goes to a heap, and the lower of the two fronts leaves first.
 */
class ReadyWork<T> {
  private readonly inOrder: Array<Entry<T>> = []
  private head = 0
  private readonly heap = new BinaryHeap<Entry<T>>(before)

  push(entry: Entry<T>): void {
    const last = this.inOrder.at(-1)
    if (this.head === this.inOrder.length || (last !== undefined && !before(entry, last))) this.inOrder.push(entry)
    else this.heap.push(entry)
  }

  /** The lowest live entry, with the dropped ones in front of it let go. */
  peek(): Entry<T> | undefined {
    const { inOrder } = this
    while (this.head < inOrder.length && !(inOrder[this.head] as Entry<T>).live) this.head += 1
    if (this.head === inOrder.length && this.head > 0) {
      inOrder.length = 0
      this.head = 0
    }
    for (let top = this.heap.peek(); top !== undefined && !top.live; top = this.heap.peek()) this.heap.pop()
    const first = inOrder[this.head]
    const top = this.heap.peek()
    if (first === undefined) return top
    return top !== undefined && before(top, first) ? top : first
  }

  /** Takes out the entry `peek` gave. */
  take(entry: Entry<T>): void {
    if (this.inOrder[this.head] !== entry) {
      this.heap.pop()
      return
    }
    this.head += 1
    // A list that never empties (lookups queued behind each other) lets go of what has left, now and then.
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.inOrder.length) {
      this.inOrder.splice(0, this.head)
      this.head = 0
    }
  }
}

export function createWorkQueue<T>(): WorkQueue<T> {
  const ready = new ReadyWork<T>()
  const waiting = new BinaryHeap<Entry<T>>((a, b) => (a.notBefore === b.notBefore ? a.seq < b.seq : a.notBefore < b.notBefore))
  let seq = 0
  let size = 0

  /** Dropped entries stay where they wait until they reach the front, so a drop costs nothing but a flag. */
  function settle(now: number): void {
    for (let top = waiting.peek(); top !== undefined; top = waiting.peek()) {
      if (top.live && top.notBefore > now) break
      waiting.pop()
      if (top.live) ready.push(top)
    }
  }

  return {
    get size() {
      return size
    },

    push(value, order, notBefore = Number.NEGATIVE_INFINITY, group = 0) {
      // Kept as given, not copied: an order is read-only (a batch's, for as long as it is queued).
      const entry: Entry<T> = { value, group, order, notBefore, seq: (seq += 1), live: true }
      // Work without a time is ready whatever the clock says; only work with one waits aside.
      if (notBefore === Number.NEGATIVE_INFINITY) ready.push(entry)
      else waiting.push(entry)
      size += 1
      return entry
    },

    drop(entry) {
      const own = entry as Entry<T>
      if (!own.live) return false
      own.live = false
      size -= 1
      return true
    },

    takeReady(now) {
      settle(now)
      const entry = ready.peek()
      if (entry === undefined) return undefined
      ready.take(entry)
      entry.live = false
      size -= 1
      return entry.value
    },

    hasReady(now) {
      settle(now)
      return ready.peek() !== undefined
    },

    nextReadyAt() {
      for (let top = waiting.peek(); top !== undefined; top = waiting.peek()) {
        if (top.live) return top.notBefore
        waiting.pop()
      }
      return null
    }
  }
}
