import { describe, expect, it } from 'vitest'
import type { StockLocation } from '../stock/stock-figures'
import { countsRate, countStatuses, SUMMARY_CODES, summarizeRun, summaryStatusOf, type SummaryInput } from './run-summary'

const at = (location_area: string, state: string, quantity: number): StockLocation => ({ location_area, state, quantity })
const shelf = (quantity: number) => [at('store', 'available', quantity)]
const backroomOnly = [at('store', 'available', 0), at('backroom', 'available', 6)]

describe('summaryStatusOf', () => {
  it.each<[string, SummaryInput['status'], StockLocation[], string | null]>([
    ['an item with stock on the shelf is in stock', 'found', shelf(4), 'in_stock'],
    ['an item with one unit is in stock, whatever the low-stock level', 'found', shelf(1), 'in_stock'],
    ['an item with nothing on hand is out of stock', 'found', shelf(0), 'out_of_stock'],
    ['an item with no locations is out of stock', 'found', [], 'out_of_stock'],
    ['on order does not count as on hand', 'found', [at('store', 'on_order', 12)], 'out_of_stock'],
    ['an empty shelf with backroom stock is shelf empty', 'found', backroomOnly, 'shelf_empty'],
    ['stock elsewhere (MFC) with an empty shelf is in stock', 'found', [at('mfc', 'available', 3)], 'in_stock'],
    ['not found keeps its name', 'not_found', [], 'not_found'],
    ['failed keeps its name', 'failed', [], 'failed'],
    ['cancelled keeps its name', 'cancelled', [], 'cancelled'],
    ['an invalid line is no value of the run', 'invalid', [], null],
    ['a duplicate repeats another line', 'duplicate', [], null]
  ])('%s', (_name, status, locations, expected) => {
    expect(summaryStatusOf(status, locations)).toBe(expected)
  })
})

describe('summarizeRun', () => {
  const answer = (
    storeNbr: number,
    value: string | null,
    status: SummaryInput['status'],
    locations: StockLocation[] = []
  ): SummaryInput => ({
    storeNbr,
    value,
    status,
    locations
  })

  it('keeps one status per store and value, in the run order, with counts and the in-stock rate', () => {
    const summary = summarizeRun(
      [20, 10],
      [
        answer(10, 'A', 'found', shelf(5)),
        answer(10, 'B', 'found', shelf(0)),
        answer(10, null, 'invalid'),
        answer(10, 'A', 'duplicate'),
        answer(10, 'C', 'found', backroomOnly),
        answer(20, 'A', 'not_found'),
        answer(20, 'B', 'found', shelf(2)),
        answer(20, 'C', 'failed'),
        answer(99, 'Z', 'found', shelf(1))
      ]
    )
    expect(summary.values).toEqual(['A', 'B', 'C'])
    expect(summary.stores.map((store) => store.storeNbr)).toEqual([20, 10])
    const [second, first] = summary.stores
    expect([...(first?.statuses ?? [])]).toEqual([SUMMARY_CODES.in_stock, SUMMARY_CODES.out_of_stock, SUMMARY_CODES.shelf_empty])
    expect([...(second?.statuses ?? [])]).toEqual([SUMMARY_CODES.not_found, SUMMARY_CODES.in_stock, SUMMARY_CODES.failed])
    expect(first?.counts).toMatchObject({ in_stock: 1, out_of_stock: 1, shelf_empty: 1, not_found: 0 })
    // Shelf empty has stock (in the backroom): 2 of 3 found values, as the Stores view counts.
    expect(countsRate(first?.counts ?? countStatuses(new Uint8Array()))).toBe(66.7)
    expect(countsRate(second?.counts ?? countStatuses(new Uint8Array()))).toBe(100)
  })

  it('marks a value a store never answered as not looked up there', () => {
    const summary = summarizeRun([1, 2], [answer(1, 'A', 'found', shelf(1)), answer(2, 'B', 'found', shelf(1))])
    expect([...(summary.stores[0]?.statuses ?? [])]).toEqual([SUMMARY_CODES.in_stock, SUMMARY_CODES.not_asked])
    expect(summary.stores[0]?.counts.not_asked).toBe(1)
  })

  it('has no rate for a store that found nothing', () => {
    const summary = summarizeRun([1], [answer(1, 'A', 'not_found')])
    expect(countsRate(summary.stores[0]?.counts ?? countStatuses(new Uint8Array()))).toBeNull()
  })
})
