import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IMPORT_VALUE_SEPARATOR, type ImportSource } from '../../shared/contract'
import type { JobProgress } from '../../shared/domain/job-progress'
import { CARRIED_LINES_PER_ASK } from '../files/import/import-service'
import { INPUT_LINES_PER_READ, type HistoryReader } from '../history/history-reader'
import type { HistoryWriter } from '../history/history-writer'
import { memoryHistory } from '../history/test-support/memory-history'
import { unpackCarriedPart } from '../history/history-thread-codec'
import { isPackedPart, type CarriedRowsPart } from '../history/staged-carried'
import type { CarriedInput } from '../jobs/job-types'
import { sampleLookup } from '../history/test-support/sample-lookups'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { itemsFromInputs } from './watchlist-items'
import { createWatchlistService, type WatchlistService } from './watchlist-service'
import { createWatchlistStore } from './watchlist-store'

/**
 * Saving a list of more lines than one slice as a watchlist: from a lookup in History (Save as
 * watchlist on its results) and from the form with its imported file. The saved watchlist is the
 * whole list with every column, and no single read or ask carries more than one slice of rows.
 * Running it, or a lookup again, hands its cells to the lookup a part at a time as History stages them.
 */
const NOW = 1_750_000_000_000
const COLUMNS = ['Description', 'Case Pack', 'Aisle']
const LINES = Math.max(INPUT_LINES_PER_READ, CARRIED_LINES_PER_ASK) * 2 + 7

/** Each line's cells, some blank (a blank last cell is not kept on a watchlist's item). */
function cellsOf(line: number): string[] {
  return [`Description ${line}\twith a tab`, line % 5 === 0 ? '' : String(line % 12), line % 3 === 0 ? '' : `A${line % 40}`]
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchlist-slices-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function setUp() {
  const { history, writer, reader } = memoryHistory(() => NOW, createMemoryLogger())
  /** The size of every slice History's reader gave. */
  const read: number[] = []
  const recording: Pick<HistoryReader, 'sinceLastRun' | 'inputs' | 'inputLines'> = {
    sinceLastRun: (thenId, nowId, level) => reader.sinceLastRun(thenId, nowId, level),
    inputLines: (id, after, limit) => reader.inputLines(id, after, limit),
    async inputs(id, after, limit) {
      const slice = await reader.inputs(id, after, limit)
      read.push(slice.length)
      return slice
    }
  }
  /** The lines of every ask of the import's worker. */
  const asked: number[] = []
  /** What each lookup the service started carried. */
  const started: (CarriedInput | null)[] = []
  const service = createWatchlistService({
    store: createWatchlistStore({ dir, now: () => NOW, log: createMemoryLogger() }),
    groups: () => [],
    history,
    reader: recording,
    lowStockLevel: () => 3,
    start: ({ carried }) => {
      started.push(carried)
      return Promise.resolve({ jobId: String(started.length + 100), state: 'running' } as Pick<
        JobProgress,
        'jobId' | 'state'
      > as JobProgress)
    },
    carriedOf: (_source: ImportSource, lines: readonly number[]) => {
      asked.push(lines.length)
      return Promise.resolve({ columns: COLUMNS, rows: lines.map((line) => cellsOf(line).join(IMPORT_VALUE_SEPARATOR)) })
    },
    log: createMemoryLogger(),
    now: () => NOW
  })
  return { history, writer, service, read, asked, started }
}

const lines = asLines(validGtins(LINES))
/** A watchlist keeps an item's cells up to its last one that is not blank. */
function kept(cells: readonly string[]): string[] {
  const trimmed = [...cells]
  while (trimmed.at(-1) === '') trimmed.pop()
  return trimmed
}
const expectedItems = lines.map(({ line, input }) => ({ input, cells: kept(cellsOf(line)) }))

/** The whole list saved from the form, with its imported file. */
function savedFromForm(service: WatchlistService) {
  return service.saveForm({
    name: 'Imported list',
    environment: 'demo',
    itemType: 'gtin',
    stores: { kind: 'list', stores: [1234] },
    lowStockLevel: 3,
    lines,
    source: { importId: 'import-1', column: 0 }
  })
}

/** A lookup in History of the whole list with its cells. */
function storedList(writer: HistoryWriter) {
  return writer.createLookup({
    lookup: sampleLookup([], { carriedColumns: COLUMNS, startedAt: NOW }),
    lines,
    carried: lines.map(({ line }) => cellsOf(line).join(IMPORT_VALUE_SEPARATOR))
  })
}

describe('saving a long list as a watchlist', () => {
  it('from a lookup in History: every line with every column, read a slice at a time', async () => {
    const { history, writer, service, read } = setUp()
    const { id } = await storedList(writer)

    const saved = await service.saveLookup({ jobId: String(id), name: 'Wide list', group: null, lowStockLevel: 3 })
    const { definition } = await service.get(saved.id)
    expect(definition.columns).toEqual(COLUMNS)
    expect(definition.items).toEqual(expectedItems)
    // The same as History's own list of the lookup, read at once on main before.
    expect(definition.items).toEqual(itemsFromInputs(history.inputs(id)))
    expect(read.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...read)).toBeLessThanOrEqual(INPUT_LINES_PER_READ)
    expect(read.reduce((sum, size) => sum + size, 0)).toBe(LINES)
  })

  it('from the form with its imported file: every line with every column, asked of the import a slice at a time', async () => {
    const { service, asked } = setUp()
    const saved = await savedFromForm(service)
    const { definition } = await service.get(saved.id)
    expect(definition.columns).toEqual(COLUMNS)
    expect(definition.items).toEqual(expectedItems)
    expect(asked.length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...asked)).toBeLessThanOrEqual(CARRIED_LINES_PER_ASK)
    expect(asked.reduce((sum, size) => sum + size, 0)).toBe(LINES)
  })
})

/** Every part a started lookup carried, read as History's writer reads them: in line order, at most one ask's lines each. */
async function partsOf(carried: CarriedInput | null | undefined): Promise<CarriedRowsPart[]> {
  if (carried === null || carried === undefined || !('parts' in carried)) throw new Error('the cells were not carried in parts')
  expect(carried.columns).toEqual(COLUMNS)
  const parts: CarriedRowsPart[] = []
  for await (const part of carried.parts) parts.push(isPackedPart(part) ? unpackCarriedPart(part) : part)
  return parts
}

function expectWholeList(parts: readonly CarriedRowsPart[]): void {
  expect(parts.length).toBe(Math.ceil(LINES / CARRIED_LINES_PER_ASK))
  expect(Math.max(...parts.map((part) => part.lines.length))).toBeLessThanOrEqual(CARRIED_LINES_PER_ASK)
  expect(parts.flatMap((part) => part.lines)).toEqual(lines.map(({ line }) => line))
  expect(parts.flatMap((part) => part.rows).map((row) => row?.split(IMPORT_VALUE_SEPARATOR))).toEqual(
    expectedItems.map(({ cells }) => [...cells, ...Array<string>(COLUMNS.length - cells.length).fill('')])
  )
}

describe('running a long list again', () => {
  it("a watchlist's run carries its cells a part at a time, never all in one message", async () => {
    const { service, started } = setUp()
    const saved = await savedFromForm(service)
    await service.run(saved.id)
    expectWholeList(await partsOf(started[0]))
  })

  it('Run again of a lookup in History carries its cells a part at a time, never all in one message', async () => {
    const { writer, service, started } = setUp()
    const { id } = await storedList(writer)
    await service.runAgain(String(id))
    expectWholeList(await partsOf(started[0]))
  })
})
