import { describe, expect, it } from 'vitest'
import { COMPARE_COLUMNS } from '../compare/compare-columns'
import { compareResults, type StockInput } from '../compare/compare-lookups'
import {
  FIGURE_RULES,
  humaneName,
  KNOWN_AREAS,
  KNOWN_STATES,
  stockFigures,
  type CountedFigure,
  type StockLocation
} from '../stock/stock-figures'
import { statusFromFigures, STOCK_STATUS_LABELS, type StockStatus } from '../stock/stock-status'
import { buildTrends } from '../trends/build-trends'
import { countsRate, emptyCounts, SUMMARY_CODES, type SummaryStatus } from '../trends/run-summary'
import { trendStoreOf } from '../trends/trend-digest'
import { unpackTrends } from '../trends/trend-series'
import { worstRows } from '../trends/worst-items'
import { sinceLastRun } from '../watchlists/since-last-run'
import { summarizeItem } from './item-views'
import { matrixRowRate, summarizeStores } from './store-views'
import { asOfSentence, columnDescription, COUNTED_IN_STOCK, figureDescription, STATUS_DESCRIPTION } from './figure-descriptions'
import { byItemColumns, matrixColumns, storesViewColumns, viewColumns } from './view-columns'

const at = (location_area: string, state: string, quantity = 1): StockLocation => ({ location_area, state, quantity })
const FIGURES = Object.keys(FIGURE_RULES) as CountedFigure[]
/** A found answer of store 1 for line `line` (its value the line's number). */
const input = (line: number, locations: StockLocation[]): StockInput => ({
  storeNbr: 1,
  line,
  input: `${line}`,
  value: `${line}`,
  status: 'found',
  locations
})
const FOUND: readonly StockStatus[] = ['out_of_stock', 'shelf_empty', 'low_stock', 'in_stock']

describe('figureDescription says what stockFigures counts', () => {
  it.each(FIGURES)('%s: each state it counts before "Not counted", each it leaves out after', (figure) => {
    const [counted = '', notCounted = ''] = figureDescription(figure).split('Not counted:')
    for (const state of KNOWN_STATES) {
      const counts = KNOWN_AREAS.some((area) => stockFigures([at(area, state)])[figure] > 0)
      expect(counts ? counted : notCounted, state).toContain(humaneName(state))
      expect(counts ? notCounted : counted, state).not.toContain(humaneName(state))
    }
    expect(notCounted).toContain('any other state')
    expect(stockFigures([at('store', 'quarantine_hold')])[figure]).toBe(0)
  })

  it.each(FIGURES)('%s: names the areas it counts, or says any area when an unknown one counts too', (figure) => {
    const [counted = '', notCounted = ''] = figureDescription(figure).split('Not counted:')
    const state = FIGURE_RULES[figure].states[0] ?? ''
    const anyArea = stockFigures([at('loading_dock', state)])[figure] > 0
    expect(counted.includes('any area'), figure).toBe(anyArea)
    for (const area of KNOWN_AREAS) {
      if (stockFigures([at(area, state)])[figure] > 0) expect(counted).toContain(humaneName(area))
    }
    expect(notCounted.includes('other areas')).toBe(!anyArea)
  })

  it('On hand: available stock in every area, MFC included; reserved and damaged left out', () => {
    const onHand = figureDescription('onHand')
    expect(onHand).toBe(
      'Units in state Available in any area (Store, Backroom, MFC or another), added up. ' +
        'Not counted: On order, In transit, Reserved, Damaged or any other state.'
    )
    expect(stockFigures([at('mfc', 'available', 2), at('store', 'reserved', 3), at('backroom', 'damaged', 4)]).onHand).toBe(2)
  })

  it.each(FIGURES.filter((figure) => figure !== 'onHand'))('%s says whether its units are part of On hand, as they are', (figure) => {
    const rule = FIGURE_RULES[figure]
    const location = at(rule.areas === 'any' ? 'mfc' : (rule.areas[0] ?? ''), rule.states[0] ?? '')
    const part = stockFigures([location]).onHand === stockFigures([location])[figure]
    expect(figureDescription(figure)).toContain(part ? 'Part of On hand.' : 'Never part of On hand.')
  })
})

describe('the stock status and the in-stock rate are described as they are worked out', () => {
  const figures = (onShelf: number, backroom: number, onHand = onShelf + backroom) => ({
    onShelf,
    backroom,
    onHand,
    onOrder: 0,
    inTransit: 0,
    unavailable: 0
  })

  it('the status: out of stock, then shelf empty, then low stock, otherwise in stock', () => {
    expect(STATUS_DESCRIPTION.indexOf('Out of stock')).toBeLessThan(STATUS_DESCRIPTION.indexOf('Shelf empty'))
    expect(statusFromFigures(figures(0, 0), 3)).toBe('out_of_stock')
    expect(statusFromFigures(figures(0, 5, 0), 3)).toBe('out_of_stock')
    expect(statusFromFigures(figures(0, 5), 3)).toBe('shelf_empty')
    expect(statusFromFigures(figures(0, 2), 3)).toBe('shelf_empty')
    expect(statusFromFigures(figures(2, 1), 3)).toBe('low_stock')
    expect(statusFromFigures(figures(2, 2), 3)).toBe('in_stock')
  })

  it('counts exactly the statuses it names as in stock, a shelf-empty item included, in every view that gives a rate', () => {
    const rate = columnDescription('inStockRate') ?? ''
    expect(rate).toContain('an item with an empty shelf and stock in the backroom is in stock here')
    for (const status of FOUND) {
      const inStock = COUNTED_IN_STOCK.includes(status)
      expect(rate.includes(STOCK_STATUS_LABELS[status]), status).toBe(inStock || status === 'shelf_empty')
      const onHand = status === 'out_of_stock' ? 0 : 4
      const expected = inStock ? 100 : 0
      expect(
        summarizeStores([1], 2, [
          { storeNbr: 1, line: 1, status, onHand },
          { storeNbr: 1, line: 2, status: 'not_found', onHand: null }
        ])[0]?.inStockRate
      ).toBe(expected)
      expect(
        matrixRowRate([
          { status, onHand },
          { status: 'failed', onHand: null }
        ]),
        status
      ).toBe(expected)
    }
    const trends = emptyCounts()
    trends.shelf_empty = 1
    trends.not_found = 1
    expect(countsRate(trends)).toBe(100)
  })

  it('By item counts what its descriptions say', () => {
    const cells = new Map([
      [1, { status: 'out_of_stock' as const, onHand: 0 }],
      [2, { status: 'shelf_empty' as const, onHand: 6 }],
      [3, { status: 'in_stock' as const, onHand: 9 }]
    ])
    const item = summarizeItem([1, 2, 3], (store) => cells.get(store))
    expect(columnDescription('outOfStockIn')).toContain('On hand 0 or less')
    expect(item.outOfStock).toEqual([1])
    expect(columnDescription('lowestOnHand')).toContain('stores that found the item')
    expect([item.lowestOnHand, item.totalOnHand]).toEqual([0, 15])
  })

  it("Compare's categories", () => {
    const shelfEmpty = [at('backroom', 'available', 5)]
    const rows = compareResults([input(1, shelfEmpty), input(2, [])], [input(1, []), input(2, shelfEmpty)], 3)
    expect(rows.map((row) => row.category)).toEqual(['newly_out', 'back_in'])
    expect(columnDescription('category')).toContain(
      'had stock then (On hand above 0: shelf empty and low stock included), out of stock now'
    )
  })
})

describe("a watchlist's and Trends' figures are described as they are counted", () => {
  it('Newly out of stock counts a store and item that had any stock before, shelf empty and low stock included', () => {
    const then = [input(1, [at('backroom', 'available', 5)]), input(2, [at('store', 'available', 2)]), input(3, [])]
    const now = [input(1, []), input(2, []), input(3, [])]
    expect(sinceLastRun(compareResults(then, now, 3)).counts.newly_out_of_stock).toBe(2)
    expect(columnDescription('newlyOutOfStock')).toContain(
      'had stock then (On hand above 0: shelf empty and low stock included), out of stock now'
    )
  })

  it('Worst items count, per store, the lookups that found the item: out of stock over found, the rest left out', () => {
    const statuses: SummaryStatus[] = ['out_of_stock', 'shelf_empty', 'not_found', 'failed', 'in_stock', 'out_of_stock']
    const runs = statuses.map((status, index) => ({
      lookupId: index + 1,
      at: index,
      answersRemovedAt: null,
      itemIds: Uint32Array.of(7),
      stores: [trendStoreOf(12, Uint8Array.of(SUMMARY_CODES[status]))]
    }))
    const [row] = worstRows(unpackTrends(buildTrends(runs, () => 'A', String)))
    expect([row?.outRuns, row?.answeredRuns, row?.share]).toEqual([2, 4, 50])
    expect(columnDescription('lookupsOutOfStock')).toContain('of the lookups in which this store found it')
    expect(columnDescription('shareOutOfStock')).toContain('not found, failed or was not looked up are left out')
  })
})

describe('columnDescription', () => {
  const asOf = { earliest: '2026-11-22T09:55:00.000Z', latest: '2026-11-22T10:00:00.000Z' }
  const formatTime = (iso: string) => iso.slice(11, 16)

  it("adds the answers' as-of time to what a figure counts, when the API gave one", () => {
    expect(columnDescription('onHand', { asOf, formatTime })).toBe(
      `${figureDescription('onHand')} As of 09:55 to 10:00, the times the API gave with these answers.`
    )
    expect(columnDescription('store:1234', { asOf, formatTime })).toMatch(/^On hand in store 1234, .* As of 09:55 to 10:00, /)
    expect(columnDescription('onHand', { asOf: null, formatTime })).toBe(figureDescription('onHand'))
    expect(asOfSentence({ earliest: asOf.latest, latest: asOf.latest }, formatTime)).toBe(
      'As of 10:00, the times the API gave with these answers.'
    )
  })

  it("leaves identifiers and the file's columns undescribed", () => {
    for (const key of ['gtin', 'input', 'line', 'carried:0', 'message', 'itemName']) expect(columnDescription(key), key).toBeNull()
  })

  it('describes every figure column of every view', () => {
    const columns = [
      ...viewColumns('items', ['Case pack'], [1, 2]),
      ...viewColumns('locations', ['Case pack'], [1, 2]),
      ...storesViewColumns(),
      ...matrixColumns(['Case pack'], [1, 2]),
      ...byItemColumns(['Case pack']),
      ...COMPARE_COLUMNS
    ]
    const figures = columns.filter((column) => column.kind === 'number' && column.key !== 'store' && column.key !== 'line')
    expect(figures.length).toBeGreaterThan(20)
    for (const column of figures) expect(columnDescription(column.key), column.key).not.toBeNull()
    expect(columnDescription('status')).toBe(STATUS_DESCRIPTION)
  })
})
