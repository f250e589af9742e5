import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import type { InventoryItem } from '../../shared/domain/line-result'
import type { ItemType } from '../../shared/domain/item-types'
import { compareForSinceLastRun } from '../../shared/watchlists/stock-comparison'
import { createHistoryOperations } from './history-operations'
import { migrate } from './history-schema'
import type { AnswerRow, NewLookupLine, StoppedState } from './history-types'
import { encodeItem } from './item-batch'
import { claimOwner } from './lookup-owner'
import { createSummaryStockReads } from './summary-stock-reads'
import { NO_FIGURES, sampleItem, sampleLookup, valueFor } from './test-support/sample-lookups'

const T0 = 1_750_000_000_000
const LEVELS = [0, 3, 9]
const owners: { release(): void }[] = []
afterEach(() => owners.splice(0).forEach((owner) => owner.release()))

/** One store's answer for a value: stock as [shelf, backroom], 'failed', 'not_found', or null for none. */
type Answer = readonly [number, number] | 'failed' | 'not_found' | null

function open() {
  const db = new DatabaseSync(':memory:')
  migrate(db)
  const owner = claimOwner()
  owners.push(owner)
  const operations = createHistoryOperations(db, owner, { onFile: false })
  let clock = T0

  /** A stopped run of `values` (a null value: an invalid line) in `stores`, answered as `answer(store, index)` says. */
  function run(
    stores: number[],
    values: (string | null)[],
    answer: (store: number, index: number) => Answer,
    options: { state?: StoppedState; itemType?: ItemType } = {}
  ): number {
    clock += 60_000
    const first = new Map<string, number>()
    const lines = values.map((value, index): NewLookupLine => {
      const line = index + 1
      if (value === null) return { line, input: `bad${line}`, value: null, note: 'Not a GTIN.', invalidReason: 'characters' }
      const original = first.get(value)
      if (original !== undefined) return { line, input: value, value, duplicateOf: original }
      first.set(value, line)
      return { line, input: value, value }
    })
    const id = operations.writes.createLookup(
      sampleLookup(lines, { stores, startedAt: clock, itemType: options.itemType ?? 'gtin' }),
      clock
    )
    const rows: AnswerRow[] = []
    for (const storeNbr of stores) {
      lines.forEach(({ line, value, duplicateOf }, index) => {
        const given = value === null || duplicateOf !== undefined ? null : answer(storeNbr, index)
        if (given === null || value === null) return
        if (given === 'failed') rows.push({ storeNbr, line, status: 'failed', error: { code: 'offline', message: 'Offline.' } })
        else if (given === 'not_found') rows.push({ storeNbr, line, status: 'not_found' })
        else rows.push({ storeNbr, line, status: 'found', item: encodeItem(stocked(value, given[0], given[1])) })
      })
    }
    operations.appendResults(id, rows, NO_FIGURES, clock)
    operations.finishRun(id, options.state ?? 'finished', { ...NO_FIGURES, valuesPerSecond: 0 }, clock + 1_000)
    return id
  }

  const summaries = createSummaryStockReads(db)
  const { reads } = operations

  /** The summaries' answer, which must exist, and the reads' answer, both against comparing the runs' full stock. */
  function expectExact(then: number | null, now: number) {
    const fast = reads.snapshot(() => summaries.sinceLastRun(then, now))
    expect(fast).not.toBeNull()
    for (const level of LEVELS) {
      const full = compareForSinceLastRun(then === null ? null : reads.stockInputs(then), reads.stockInputs(now), level)
      expect(fast).toEqual(full)
      expect(reads.sinceLastRun(then, now, level)).toEqual(full)
    }
    return fast
  }

  /** The runs the summaries cannot stand for: read from the raw answers, exactly as before. */
  function expectFallback(then: number | null, now: number): void {
    expect(reads.snapshot(() => summaries.sinceLastRun(then, now))).toBeNull()
    for (const level of LEVELS) {
      const full = compareForSinceLastRun(then === null ? null : reads.stockInputs(then), reads.stockInputs(now), level)
      expect(reads.sinceLastRun(then, now, level)).toEqual(full)
    }
  }

  return { db, operations, run, expectExact, expectFallback }
}

/** Stock by shelf and backroom quantities: shelf 0 with backroom stock is shelf empty, neither is out of stock. */
function stocked(value: string, shelf: number, backroom: number): InventoryItem {
  const locations = [
    { location_area: 'store', state: 'available', quantity: shelf },
    { location_area: 'backroom', state: 'available', quantity: backroom }
  ]
  return { ...sampleItem(value, shelf + backroom), inventory_locations: locations, total_quantity: shelf + backroom }
}

// Every answer a pair can have: stock, low, shelf empty, out of stock (none, and below zero), sold by
// weight, failed, not found and missing.
const ANSWERS: Answer[] = [[8, 2], [0, 5], [2, 0], [0, 0], [1.25, 0.5], [-2, 0], 'failed', 'not_found', null, [5, 5], [2, 1]]
const values = (from: number, count: number): string[] => Array.from({ length: count }, (_, index) => valueFor(from + index))

describe('Since the last run from the runs’ summaries', () => {
  it('is what comparing both runs’ full stock gives, for every pair of answers from one run to the next', () => {
    const history = open()
    const count = ANSWERS.length * ANSWERS.length
    // With an invalid line and a value typed twice: neither is compared.
    const list = [...values(1, count), null, valueFor(3)]
    const then = history.run([1, 2], list, (store, index) => ANSWERS[(index + store) % ANSWERS.length] ?? null)
    const now = history.run([1, 2], list, (store, index) => ANSWERS[(Math.floor(index / ANSWERS.length) + store) % ANSWERS.length] ?? null)
    const fast = history.expectExact(then, now)
    for (const kind of Object.values(fast?.since?.counts ?? {})) expect(kind).toBeGreaterThan(0)
    expect(fast?.since?.changed).toBeGreaterThan(0)
    expect(fast?.since?.pairs.newly_out_of_stock[0]).toMatch(/^[12]:\d{14}$/)
    history.expectExact(null, now)
  })

  it('compares a watchlist whose values and stores changed: values and stores only in one run, stores in another order', () => {
    const history = open()
    const answer = (store: number, index: number): Answer => ANSWERS[(index * 7 + store) % ANSWERS.length] ?? null
    const then = history.run([1, 2, 3], values(1, 90), answer)
    // Values 31..120 now, at other lines; store 1 gone, store 4 new, the stores in another order.
    const now = history.run([3, 4, 2], values(31, 90), (store, index) => answer(store + 1, index + 3))
    const fast = history.expectExact(then, now)
    expect(fast?.since?.counts.newly_out_of_stock).toBeGreaterThan(0)
    expect(
      Object.values(fast?.since?.pairs ?? {})
        .flat()
        .some((pair) => pair.startsWith('4:'))
    ).toBe(false)
  })

  it('compares two runs of one store each by value, whichever stores they were, and a run cancelled part way', () => {
    const history = open()
    const then = history.run([5], values(1, 60), (_store, index) => ANSWERS[index % ANSWERS.length] ?? null)
    const now = history.run([6], values(1, 60), (_store, index) => ANSWERS[(index + 3) % ANSWERS.length] ?? null)
    const fast = history.expectExact(then, now)
    expect(fast?.since?.pairs.newly_out_of_stock.every((pair) => pair.startsWith('6:'))).toBe(true)
    const cancelled = history.run([1, 2], values(1, 60), (store, index) => (index > 40 ? null : (ANSWERS[index % 5] ?? null)), {
      state: 'cancelled'
    })
    const after = history.run([1, 2], values(1, 60), (store, index) => ANSWERS[(index + store) % ANSWERS.length] ?? null)
    history.expectExact(cancelled, after)
  })

  it('treats a run whose raw answers retention dropped as Compare does: as having none', () => {
    const history = open()
    const then = history.run([1, 2], values(1, 40), (store, index) => ANSWERS[(index + store) % ANSWERS.length] ?? null)
    history.operations.removeAnswersBefore(T0 + 90_000, T0 + 90_000)
    const now = history.run([1, 2], values(1, 40), (store, index) => ANSWERS[index % ANSWERS.length] ?? null)
    expect(history.expectExact(then, now)?.since?.counts.newly_out_of_stock).toBe(0)
    const onHand = history.db.prepare('SELECT count(*) AS n FROM run_store_summaries WHERE lookup_id = ? AND on_hand IS NOT NULL')
    expect(onHand.get(then)).toEqual({ n: 0 })
    expect(onHand.get(now)).toEqual({ n: 2 })
  })

  it('leaves to the raw answers a run summarised before On hand was kept, or before its latest answers', () => {
    const history = open()
    const answer = (store: number, index: number): Answer => ANSWERS[(index + store) % ANSWERS.length] ?? null
    const older = history.run([1, 2], values(1, 40), answer)
    const stale = history.run([1, 2], values(1, 40), (store, index) => answer(store, index + 1))
    const now = history.run([1, 2], values(1, 40), (store, index) => answer(store, index + 2))
    history.db.prepare('UPDATE run_store_summaries SET on_hand = NULL WHERE lookup_id = ?').run(older)
    history.db.prepare('UPDATE run_summaries SET answers_seq = NULL WHERE lookup_id = ?').run(now)
    history.expectFallback(older, stale)
    history.expectFallback(stale, now)
    history.expectFallback(null, now)
    // A retry of the failed lines writes answers the summary has not seen until the run ends again.
    const claimed = history.operations.claimRun(stale, ['failed'], T0)
    const retried = (claimed?.lines ?? []).map(({ storeNbr, line, value, seq, status }): AnswerRow => ({
      storeNbr,
      line,
      status: 'found',
      item: encodeItem(stocked(value, 0, 0)),
      replaces: { seq, status }
    }))
    expect(retried.length).toBeGreaterThan(0)
    history.operations.appendResults(stale, retried, NO_FIGURES, T0)
    history.expectFallback(older, stale)
    history.operations.finishRun(stale, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 }, T0 + 5_000)
    history.db
      .prepare('UPDATE run_summaries SET answers_seq = (SELECT next_seq FROM lookups WHERE id = ?) WHERE lookup_id = ?')
      .run(now, now)
    history.expectFallback(older, stale)
    history.expectExact(stale, now)
  })

  it('leaves to the raw answers what the summaries cannot tell: another item type, a store with only invalid lines', () => {
    const history = open()
    const answer = (store: number, index: number): Answer => ANSWERS[(index + store) % ANSWERS.length] ?? null
    const then = history.run([1, 2], values(1, 30), answer, { itemType: 'wm_item_number' })
    const now = history.run([1, 2], values(1, 30), answer)
    history.expectFallback(then, now)
    // Store 2 has its invalid line's result and no value's answer: Compare counts two stores, not one.
    const list = [...values(1, 30), null]
    const one = history.run([7], list, answer)
    const two = history.run([7, 8], list, (store, index) => (store === 8 ? null : answer(store, index)))
    history.expectFallback(one, two)
  })
})
