import { describe, expect, it } from 'vitest'
import { IMPORT_VALUE_SEPARATOR } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import { ITEM_NAME_COLUMN } from '../../shared/items/item-name-column'
import { INPUT_LINES_PER_READ, type HistoryReader } from '../history/history-reader'
import type { HistoryStore } from '../history/history-store'
import { memoryHistory } from '../history/test-support/memory-history'
import { sampleLookup } from '../history/test-support/sample-lookups'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { createWatchlistService } from './watchlist-service'
import { createWatchlistStore } from './watchlist-store'

/**
 * Edit on a lookup (`lookupList`): the form gets the lookup's whole list, stores and choices, read
 * from History's reader a slice at a time, line and input only: no carried cell is read or unpacked.
 */
const NOW = 1_750_000_000_000
const LINES = INPUT_LINES_PER_READ * 2 + 7
const COLUMNS = [ITEM_NAME_COLUMN, 'Case Pack', 'Aisle']
const lines = asLines(validGtins(LINES))
const carried = lines.map(({ line }) => [`Item ${line}\twith a tab`, String(line % 12), line % 3 === 0 ? '' : `A${line % 40}`])

function setUp() {
  const { history, writer, reader } = memoryHistory(() => NOW, createMemoryLogger())
  /** The size of every slice of lines History's reader gave. */
  const read: number[] = []
  const cellsRead = (): never => {
    throw new Error('Edit read the carried cells')
  }
  const linesOnly: Pick<HistoryReader, 'sinceLastRun' | 'inputs' | 'inputLines'> = {
    sinceLastRun: (thenId, nowId, level) => reader.sinceLastRun(thenId, nowId, level),
    inputs: cellsRead,
    async inputLines(id, after, limit) {
      const slice = await reader.inputLines(id, after, limit)
      read.push(slice.length)
      return slice
    }
  }
  const service = createWatchlistService({
    store: createWatchlistStore({ dir: '/nonexistent/edit-list', now: () => NOW, log: createMemoryLogger() }),
    groups: () => [],
    history: { ...pick(history), inputs: cellsRead },
    reader: linesOnly,
    lowStockLevel: () => 3,
    start: () => Promise.reject(new AppError('internal', 'No lookup runs in this test.')),
    carriedOf: () => Promise.reject(new Error('no file is read here')),
    log: createMemoryLogger(),
    now: () => NOW
  })
  return { history, writer, service, read }
}

function pick(history: HistoryStore): Pick<HistoryStore, 'lookup' | 'origin' | 'inputs' | 'latestFinishedRun'> {
  return {
    lookup: (id) => history.lookup(id),
    origin: (id) => history.origin(id),
    inputs: (id) => history.inputs(id),
    latestFinishedRun: (id) => history.latestFinishedRun(id)
  }
}

describe('Edit on a lookup', () => {
  it("gives the form a named, wide lookup's whole list, stores and choices, read a slice at a time without its cells", async () => {
    const { history, writer, service, read } = setUp()
    const { id } = await writer.createLookup({
      lookup: sampleLookup([], {
        carriedColumns: COLUMNS,
        stores: [1234, 88, 5],
        itemType: 'gtin',
        environment: 'sandbox',
        startedAt: NOW
      }),
      lines,
      carried: carried.map((cells) => cells.join(IMPORT_VALUE_SEPARATOR)),
      itemNamesFrom: 'order.csv'
    })
    // What Edit gave before: History's whole list read at once on main, each line with its cells, then line and input kept.
    const before = history.inputs(id).map(({ line, input }) => ({ line, input }))
    expect(history.inputs(id)[1]?.cells).toEqual(carried[1])

    const list = await service.lookupList(String(id))
    expect(list).toEqual({ environment: 'sandbox', itemType: 'gtin', stores: [1234, 88, 5], lines: before, carriedColumns: COLUMNS })
    expect(list.lines).toEqual(lines.map(({ line, input }) => ({ line, input })))
    expect(read.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...read)).toBeLessThanOrEqual(INPUT_LINES_PER_READ)
    expect(read.reduce((sum, size) => sum + size, 0)).toBe(LINES)
  })

  it('gives a typed list without columns as it was typed', async () => {
    const { writer, service } = setUp()
    const typed = asLines(validGtins(3))
    const { id } = await writer.createLookup({ lookup: sampleLookup([], { startedAt: NOW }), lines: typed })
    expect(await service.lookupList(String(id))).toEqual({
      environment: 'demo',
      itemType: 'gtin',
      stores: [1234],
      lines: typed.map(({ line, input }) => ({ line, input })),
      carriedColumns: []
    })
  })

  it('says the lookup is gone when it is no longer in History', async () => {
    const { service } = setUp()
    await expect(service.lookupList('404')).rejects.toMatchObject({ code: 'not_found' })
  })
})
