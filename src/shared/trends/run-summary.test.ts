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
  /** Lines A, B, C, ... one per value, as a list without duplicates has them; `line` overrides. */
  const answer = (
    storeNbr: number,
    value: string | null,
    status: SummaryInput['status'],
    locations: StockLocation[] = [],
    line = value === null ? 99 : value.charCodeAt(0) - 64
  ): SummaryInput => ({
    storeNbr,
    line,
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

  it('keeps every value of a long run, a line answered again (a retry) winning, and not looked up where a store stopped', () => {
    const values = Array.from({ length: 5_000 }, (_, index) => `V${index}`)
    const answers: SummaryInput[] = [
      ...values.map((value, index) => answer(1, value, index % 3 === 0 ? 'not_found' : 'found', shelf(index % 2))),
      // Store 2 answers half the values, the last of them twice at its one line: failed, then found on the retry.
      ...values.slice(0, 2_500).map((value) => answer(2, value, 'failed')),
      answer(2, 'V2499', 'found', shelf(3))
    ]
    const summary = summarizeRun([1, 2], answers)
    expect(summary.values).toEqual(values)
    const [first, second] = summary.stores
    expect(first?.statuses).toHaveLength(5_000)
    expect(first?.statuses[0]).toBe(SUMMARY_CODES.not_found)
    expect(first?.statuses[1]).toBe(SUMMARY_CODES.in_stock)
    expect(first?.statuses[2]).toBe(SUMMARY_CODES.out_of_stock)
    expect(second?.statuses).toHaveLength(5_000)
    expect(second?.counts).toMatchObject({ failed: 2_499, in_stock: 1, not_asked: 2_500 })
    expect(second?.statuses[2_499]).toBe(SUMMARY_CODES.in_stock)
    expect(second?.statuses[2_500]).toBe(SUMMARY_CODES.not_asked)
  })

  it("lists values in their lines' order, whichever store answered first, with each store's On hand", () => {
    // Store 1 missed line 1 (A): the values still follow the lines.
    const summary = summarizeRun(
      [1, 2],
      [
        answer(1, 'B', 'found', shelf(4)),
        answer(1, 'C', 'found', backroomOnly),
        answer(2, 'A', 'found', shelf(2.5)),
        answer(2, 'C', 'not_found')
      ]
    )
    expect(summary.values).toEqual(['A', 'B', 'C'])
    const [first, second] = summary.stores
    expect([...(first?.statuses ?? [])]).toEqual([SUMMARY_CODES.not_asked, SUMMARY_CODES.in_stock, SUMMARY_CODES.shelf_empty])
    expect([...(first?.onHand ?? [])]).toEqual([0, 4, 6])
    expect([...(second?.statuses ?? [])]).toEqual([SUMMARY_CODES.in_stock, SUMMARY_CODES.not_asked, SUMMARY_CODES.not_found])
    expect([...(second?.onHand ?? [])]).toEqual([2.5, 0, 0])
  })

  it("keeps a store's first line of a value, as Compare does, in whatever order the answers come", () => {
    const summary = summarizeRun(
      [1],
      [answer(1, 'A', 'found', shelf(0), 5), answer(1, 'A', 'found', shelf(7), 2), answer(1, 'A', 'failed', [], 9)]
    )
    expect([...(summary.stores[0]?.statuses ?? [])]).toEqual([SUMMARY_CODES.in_stock])
    expect([...(summary.stores[0]?.onHand ?? [])]).toEqual([7])
  })

  it('has no rate for a store that found nothing', () => {
    const summary = summarizeRun([1], [answer(1, 'A', 'not_found')])
    expect(countsRate(summary.stores[0]?.counts ?? countStatuses(new Uint8Array()))).toBeNull()
  })
})
