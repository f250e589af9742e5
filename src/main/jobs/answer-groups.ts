import { answerCount } from '../history/answer-batch'
import type { AnswerBatch, RunFigures } from '../history/history-types'

/**
 * A run's answers go to History's writer in groups, not one message, one transaction and one
 * confirmation per search: a 200,000-value lookup is 2,000 searches, and each message woke main's
 * loop twice. A group is sent once it holds this many answers (20 searches of 100 values)...
 */
export const GROUP_ANSWERS = 2_000

/**
 * ...or this many bytes of found items (about 1,600 Demo items), so that a group's message and
 * the items one transaction compresses stay small...
 */
export const GROUP_ITEM_BYTES = 1024 * 1024

/**
 * ...or this long after its first batch came, whichever is first, and always before the run's end
 * is written. A crash loses at most the group being gathered: answers never written leave their
 * lines unanswered in History, which marks the lookup interrupted and looks them up again on
 * resume, so no answer is lost, only at most this much of the run's search time. Long enough that
 * a fast lookup's groups are sent full, by answers or bytes, even on a busy computer: each group is
 * two wake-ups of main's loop (the message and the writer's answer), and at 100 ms a lookup slowed
 * down by other work sent a group per 100 ms of its longer wall time instead of per 1 MB.
 */
export const GROUP_WAIT_MS = 500

/** Calls `fire` once after `ms`, unless the returned function is called first. */
export type After = (ms: number, fire: () => void) => () => void

export interface AnswerGroups {
  /** Adds a settled batch, with the run's figures as they are after it, to the group being gathered. */
  add(answers: AnswerBatch, figures: RunFigures): void
  /** Sends the group being gathered now, if there is one. */
  flush(): void
}

/**
 * Gathers a run's batches of answers, in the order they settle, into groups handed to `send`
 * (with the run's figures after the last of them), in the same order.
 */
export function createAnswerGroups({
  after,
  send
}: {
  after: After
  send: (batches: AnswerBatch[], figures: RunFigures) => void
}): AnswerGroups {
  let batches: AnswerBatch[] = []
  let answers = 0
  let bytes = 0
  let figures: RunFigures | null = null
  let cancelWait: (() => void) | null = null

  function flush(): void {
    cancelWait?.()
    cancelWait = null
    if (batches.length === 0 || figures === null) return
    const group = batches
    const last = figures
    batches = []
    answers = 0
    bytes = 0
    figures = null
    send(group, last)
  }

  return {
    add(batch, batchFigures) {
      const batchBytes = batch.items.bytes.byteLength
      // A batch that would take the group past its bytes goes in the next one.
      if (batches.length > 0 && bytes + batchBytes > GROUP_ITEM_BYTES) flush()
      batches.push(batch)
      answers += answerCount(batch)
      bytes += batchBytes
      figures = batchFigures
      if (answers >= GROUP_ANSWERS || bytes >= GROUP_ITEM_BYTES) flush()
      else cancelWait ??= after(GROUP_WAIT_MS, flush)
    },
    flush
  }
}
