import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { applyEntries, applyEntriesInSlices, emptyResultSet, entryAt, itemRowsOf, markRetry } from './result-set'
import { failed, found, notFound, setOf } from './test-support/line-results'
import { locationRowsOf } from './view-rows'

describe('applyEntries', () => {
  it('lets a later entry for a line replace the earlier one, and recounts statuses by line', () => {
    const first = setOf([found(1, '00041234567893', [1, 2]), failed])
    expect(first.counts).toMatchObject({ found: 1, failed: 1 })
    expect(first.lines.map((entry) => entry.line)).toEqual([1, 6])

    const retried = applyEntries(first, [found(6, '00000000000017', [9])], 3)
    expect(retried.counts).toMatchObject({ found: 2, failed: 0 })
    expect(retried.lines.map((entry) => [entry.line, entry.result.status, entry.logIndex])).toEqual([
      [1, 'found', 0],
      [6, 'found', 2]
    ])
    expect(retried.next).toBe(3)
    expect(first.lines[1]?.result.status).toBe('failed')
  })

  it('keeps the earliest and latest as-of time the answers gave, read from the item or, for one kept before, from its raw answer', () => {
    const at = (line: number, time: string) => {
      const result = found(line, '00041234567893', [1])
      return result.item === undefined ? result : { ...result, item: { ...result.item, last_updated_time: time } }
    }
    const old = found(7, '00041234567893', [1])
    const kept = old.item === undefined ? old : { ...old, item: { ...old.item, raw: { lastUpdatedTime: '2026-11-21T23:00:00Z' } } }
    expect(setOf([notFound, failed]).asOf).toBeNull()
    const set = setOf([at(1, '2026-11-22T10:00:00.000Z'), notFound, at(2, '2026-11-22T09:00:00.000Z')])
    expect(set.asOf).toEqual({ earliest: '2026-11-22T09:00:00.000Z', latest: '2026-11-22T10:00:00.000Z' })
    expect(applyEntries(set, [kept], 4).asOf).toEqual({ earliest: '2026-11-21T23:00:00.000Z', latest: '2026-11-22T10:00:00.000Z' })
  })

  it('orders lines by number whatever order the log has them in', () => {
    const set = setOf([failed, notFound, found(1, '00041234567893', [1, 1])])
    expect(set.lines.map((entry) => entry.line)).toEqual([1, 3, 6])
  })

  it('keeps the entries, and their caches, of every line a new entry did not touch', () => {
    const first = setOf([found(1, '00041234567893', [1]), failed])
    const second = applyEntries(first, [notFound], 3)
    expect(entryAt(second, 1234, 1)).toBe(entryAt(first, 1234, 1))
    expect(entryAt(second, 1234, 6)).toBe(entryAt(first, 1234, 6))
  })

  it('returns the same set when nothing new was read, and only moves the offset on an empty page', () => {
    const set = setOf([notFound])
    expect(applyEntries(set, [], set.next)).toBe(set)
    const moved = applyEntries(set, [], set.next + 5)
    expect(moved.next).toBe(set.next + 5)
    expect(moved.lines).toBe(set.lines)
  })
})

describe('applyEntriesInSlices', () => {
  it('gives the set applyEntries gives for all the entries at once, waiting between slices', async () => {
    const start = setOf([failed, found(2, '00041234567893', [1])])
    const later: LineResult[] = [
      found(6, '00000000000017', [9]),
      notFound,
      ...Array.from({ length: 7 }, (_, index): LineResult => ({
        storeNbr: 1234,
        line: 10 + index,
        input: `v${index}`,
        value: `v${index}`,
        status: 'cancelled'
      })),
      { ...notFound, status: 'found', item: found(3, '00012345678905', [4]).item }
    ]
    const next = start.next + later.length
    let waits = 0
    const sliced = await applyEntriesInSlices(start, later, next, 3, async () => {
      waits += 1
    })
    const whole = applyEntries(start, later, next)
    expect(waits).toBe(3)
    expect(sliced.next).toBe(whole.next)
    expect(sliced.counts).toEqual(whole.counts)
    expect(sliced.lines.map((entry) => [entry.storeNbr, entry.line, entry.result.status, entry.logIndex])).toEqual(
      whole.lines.map((entry) => [entry.storeNbr, entry.line, entry.result.status, entry.logIndex])
    )
  })

  it('moves the offset on an empty read, without waiting', async () => {
    const set = setOf([notFound])
    const moved = await applyEntriesInSlices(set, [], set.next + 2, 3, () => Promise.reject(new Error('waited')))
    expect(moved.next).toBe(set.next + 2)
  })
})

describe('markRetry', () => {
  it('counts failures logged before the retry as retrying until each is answered again', () => {
    const before = setOf([found(1, '00041234567893', [5]), failed, { ...failed, line: 7 }])
    const retry = markRetry(before, before.next)
    expect(retry.retrying).toBe(2)
    expect(itemRowsOf(retry, 3).map((row) => row.status)).toEqual(['in_stock', 'retrying', 'retrying'])

    const answered = applyEntries(retry, [found(6, '00000000000017', [1])], retry.next + 1)
    expect(answered.retrying).toBe(1)
    expect(itemRowsOf(answered, 3).map((row) => row.status)).toEqual(['in_stock', 'low_stock', 'retrying'])
    const failedAgain = applyEntries(answered, [{ ...failed, line: 7 }], answered.next + 1)
    expect(failedAgain.retrying).toBe(0)
    expect(itemRowsOf(failedAgain, 3).map((row) => row.status)).toEqual(['in_stock', 'low_stock', 'failed'])
  })

  it('counts a failure read only after the retry began, when it was logged before it', () => {
    const partial = setOf([found(1, '00041234567893', [5])])
    const retry = markRetry(partial, 2)
    expect(retry.retrying).toBe(0)
    expect(applyEntries(retry, [failed], 2).retrying).toBe(1)
  })
})

describe('rows of the two views', () => {
  const set = setOf([found(1, '00041234567893', [0, 4]), notFound, found(2, '00000000000017', [])])

  it('gives the Items view one row per line with its stock status, keyed by line', () => {
    const items = itemRowsOf(set, 3)
    expect(items.map((row) => [row.key, row.status])).toEqual([
      ['1234:1', 'shelf_empty'],
      ['1234:2', 'out_of_stock'],
      ['1234:3', 'not_found']
    ])
    expect(itemRowsOf(set, 5)[0]?.status).toBe('shelf_empty')
  })

  it('gives the Locations view one row per location, and one for a line without any', () => {
    const rows = locationRowsOf(itemRowsOf(set, 3))
    expect(rows.map((row) => row.key)).toEqual(['1234:1:0', '1234:1:1', '1234:2:0', '1234:3:0'])
    expect(rows.map((row) => row.status)).toEqual(['shelf_empty', 'shelf_empty', 'out_of_stock', 'not_found'])
  })
})

describe('a lookup over several stores', () => {
  const inStore = (storeNbr: number, result: LineResult): LineResult => ({ ...result, storeNbr })

  it('keeps one entry per store and line, store by store in the lookup order, whatever order the log has them in', () => {
    const empty = emptyResultSet('job-2', 'gtin', [20, 10])
    const set = applyEntries(
      empty,
      [inStore(10, notFound), inStore(20, failed), inStore(10, found(1, '00041234567893', [1])), inStore(20, notFound)],
      4
    )
    expect(set.lines.map((entry) => [entry.storeNbr, entry.line])).toEqual([
      [20, 3],
      [20, 6],
      [10, 1],
      [10, 3]
    ])
    expect(set.counts).toMatchObject({ found: 1, not_found: 2, failed: 1 })
    expect(entryAt(set, 10, 3)?.result.status).toBe('not_found')
    expect(entryAt(set, 20, 1)).toBeUndefined()
    expect(itemRowsOf(set, 3).map((row) => [row.key, row.label])).toEqual([
      ['20:3', 'store 20, line 3'],
      ['20:6', 'store 20, line 6'],
      ['10:1', 'store 10, line 1'],
      ['10:3', 'store 10, line 3']
    ])
  })

  it('replaces a store and line only in its own store, and keeps the other store untouched', () => {
    const first = applyEntries(emptyResultSet('job-2', 'gtin', [10, 20]), [inStore(10, failed), inStore(20, failed)], 2)
    const retried = applyEntries(first, [inStore(20, { ...failed, status: 'not_found', error: undefined })], 3)
    expect(retried.counts).toMatchObject({ failed: 1, not_found: 1 })
    expect(retried.byStore[0]).toBe(first.byStore[0])
    expect(retried.stores).toBe(first.stores)
  })
})
