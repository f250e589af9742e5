import { describe, expect, it } from 'vitest'
import { answerBatchOf, answerRowsOf } from '../history/answer-batch'
import type { AnswerBatch, AnswerRow, RunFigures } from '../history/history-types'
import { encodeItem } from '../history/item-batch'
import { NO_FIGURES, sampleItem } from '../history/test-support/sample-lookups'
import { createAnswerGroups, GROUP_ANSWERS, GROUP_ITEM_BYTES, GROUP_WAIT_MS } from './answer-groups'
import { createFakeClock } from './test-support/fake-clock'

/** A search's answers for `count` lines from `first`, found (with an item of about `itemBytes`) or not. */
function batch(first: number, count: number, itemBytes = 0): AnswerBatch {
  return answerBatchOf(
    Array.from({ length: count }, (_, index): AnswerRow => {
      const line = first + index
      if (itemBytes === 0) return { storeNbr: 1234, line, status: 'not_found' }
      const item = sampleItem(String(line), 1)
      return { storeNbr: 1234, line, status: 'found', item: encodeItem({ ...item, raw: { pad: 'x'.repeat(itemBytes) } }) }
    })
  )
}

const figuresAfter = (batchesDone: number): RunFigures => ({ ...NO_FIGURES, batchesDone })

function groups() {
  const clock = createFakeClock()
  const sent: { lines: number[]; figures: RunFigures; bytes: number }[] = []
  const answerGroups = createAnswerGroups({
    after: clock.setTimer,
    send: (batches, figures) => {
      const bytes = batches.reduce((total, batch) => total + batch.items.bytes.byteLength, 0)
      sent.push({ lines: batches.flatMap(answerRowsOf).map((row) => row.line), figures, bytes })
    }
  })
  return { clock, sent, answerGroups }
}

describe("a run's answers gathered in groups for History's writer", () => {
  it('sends a group once it holds enough answers, in order, with the figures after its last batch', () => {
    const { clock, sent, answerGroups } = groups()
    const searches = GROUP_ANSWERS / 100
    for (let search = 0; search < searches; search++) {
      expect(sent).toHaveLength(0)
      answerGroups.add(batch(search * 100 + 1, 100), figuresAfter(search + 1))
    }
    expect(sent).toHaveLength(1)
    expect(sent[0]?.lines).toEqual(Array.from({ length: GROUP_ANSWERS }, (_, index) => index + 1))
    expect(sent[0]?.figures).toEqual(figuresAfter(searches))
    // Nothing is left waiting for the time.
    expect(clock.pendingTimers()).toBe(0)
  })

  it("sends a group before a batch would take it past its items' bytes, and a batch larger than that alone", () => {
    const { sent, answerGroups } = groups()
    const itemBytes = 20_000
    const perGroup = Math.floor(GROUP_ITEM_BYTES / (10 * itemBytes))
    for (let search = 0; search <= perGroup; search++) answerGroups.add(batch(search * 10 + 1, 10, itemBytes), figuresAfter(search + 1))
    expect(sent).toHaveLength(1)
    expect(sent[0]?.lines).toHaveLength(perGroup * 10)
    expect(sent[0]?.bytes).toBeLessThanOrEqual(GROUP_ITEM_BYTES)

    answerGroups.add(batch(5_000, 60, itemBytes), figuresAfter(99))
    expect(sent.map((group) => group.lines.length)).toEqual([perGroup * 10, 10, 60])
    expect(sent[2]?.bytes).toBeGreaterThan(GROUP_ITEM_BYTES)
  })

  it('sends a group that is not full a short time after its first batch came, not after its last', async () => {
    const { clock, sent, answerGroups } = groups()
    answerGroups.add(batch(1, 100), figuresAfter(1))
    await clock.advance(GROUP_WAIT_MS - 10)
    answerGroups.add(batch(101, 100), figuresAfter(2))
    await clock.advance(9)
    expect(sent).toHaveLength(0)
    await clock.advance(1)
    expect(sent.map((group) => [group.lines.length, group.figures.batchesDone])).toEqual([[200, 2]])

    // The next group waits from its own first batch.
    answerGroups.add(batch(201, 100), figuresAfter(3))
    await clock.advance(GROUP_WAIT_MS - 1)
    expect(sent).toHaveLength(1)
    await clock.advance(1)
    expect(sent.map((group) => group.lines[0])).toEqual([1, 201])
    expect(clock.pendingTimers()).toBe(0)
  })

  it('sends what it holds when asked (the run ending), and nothing when it holds nothing', async () => {
    const { clock, sent, answerGroups } = groups()
    answerGroups.flush()
    expect(sent).toHaveLength(0)
    answerGroups.add(batch(1, 40), figuresAfter(1))
    answerGroups.flush()
    expect(sent.map((group) => group.lines.length)).toEqual([40])
    // The wait was cancelled with the group: it sends nothing more.
    expect(clock.pendingTimers()).toBe(0)
    await clock.advance(GROUP_WAIT_MS * 2)
    answerGroups.flush()
    expect(sent).toHaveLength(1)
  })
})
