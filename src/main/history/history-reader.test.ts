import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ITEM_NAME_COLUMN } from '../../shared/items/item-name-column'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import { compareResults } from '../../shared/compare/compare-lookups'
import type { InventoryItem } from '../../shared/domain/line-result'
import { comparedInStockRate, sinceLastRun } from '../../shared/watchlists/since-last-run'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { runningThreads } from '../workers/thread-census'
import { createInThreadReader, currentInPages, CURRENT_PAGE_LINES, inputLinesOf, type HistoryReader } from './history-reader'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { startHistoryReaderThread, startHistoryThread } from './history-thread'
import { valuesToLookUp } from './test-support/values-to-look-up'
import { answerBatchOf } from './answer-batch'
import type { AnswerRow } from './history-types'
import type { HistoryWriter } from './history-writer'
import { NO_FIGURES, sampleItem } from './test-support/sample-lookups'
import { encodeItem } from './item-batch'

let dir: string
const clock = 1_750_000_000_000
let store: DirectHistory
let writer: HistoryWriter
const closing: HistoryReader[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-reader-'))
  store = createDirectHistory({ dir, log: createMemoryLogger(), now: () => clock })
  writer = startHistoryThread({ path: store.path ?? '', owner: store.owner, now: () => clock, log: createMemoryLogger() })
})
afterEach(async () => {
  for (const pages of closing.splice(0)) await pages.close()
  await writer.close()
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A lookup of `count` values in two stores: half of store 1's answered (found), a retry of one line, the rest cancelled. */
async function storedLookup(count: number, firstColumn = 'Description'): Promise<number> {
  const inputs = validGtins(count)
  const carried = inputs.map((_value, index) => (index % 3 === 0 ? null : `Item ${index}${CELL_SEPARATOR}${index % 24}`))
  const created = await writer.createLookup({
    lookup: {
      environment: 'demo',
      authUrl: 'http://127.0.0.1:9',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'demo-client',
      itemType: 'gtin',
      source: 'app',
      carriedColumns: [firstColumn, 'Case Pack'],
      stores: [1, 2],
      startedAt: clock
    },
    lines: asLines(inputs),
    carried
  })
  const lines = valuesToLookUp(created)
  for (let start = 0; start < lines.length / 2; start += 100) {
    const rows = lines
      .slice(start, Math.min(start + 100, lines.length / 2))
      .map(({ line, value }): AnswerRow => ({ storeNbr: 1, line, status: 'found', item: encodeItem(sampleItem(value, line)) }))
    await writer.appendResults(created.id, [answerBatchOf(rows)], NO_FIGURES)
  }
  await writer.finishRun(created.id, 'cancelled', { ...NO_FIGURES, valuesPerSecond: 0 }, clock)
  return created.id
}

/** Stock by shelf and backroom quantities: shelf 0 with backroom stock is shelf empty, neither is out of stock. */
function stocked(value: string, shelf: number, backroom: number): InventoryItem {
  const locations = [
    { location_area: 'store', state: 'available', quantity: shelf },
    { location_area: 'backroom', state: 'available', quantity: backroom }
  ]
  return { ...sampleItem(value, shelf + backroom), inventory_locations: locations, total_quantity: shelf + backroom }
}

/**
 * A finished run of `values` in stores 1 and 2, where `answer(store, index)` says each pair's
 * answer: stock (shelf, backroom), 'failed', 'not_found', or null for none (a missing answer).
 */
async function runOf(
  values: string[],
  answer: (store: number, index: number) => [number, number] | 'failed' | 'not_found' | null
): Promise<number> {
  const created = await writer.createLookup({
    lookup: {
      environment: 'demo',
      authUrl: 'http://127.0.0.1:9',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'demo-client',
      itemType: 'gtin',
      source: 'app',
      carriedColumns: [],
      stores: [1, 2],
      startedAt: clock
    },
    lines: asLines(values)
  })
  const rows: AnswerRow[] = []
  for (const storeNbr of [1, 2]) {
    valuesToLookUp(created).forEach(({ line, value }, index) => {
      const given = answer(storeNbr, index)
      if (given === null) return
      if (given === 'failed')
        rows.push({ storeNbr, line, status: 'failed', error: { code: 'offline', message: 'The API could not be reached.' } })
      else if (given === 'not_found') rows.push({ storeNbr, line, status: 'not_found' })
      else rows.push({ storeNbr, line, status: 'found', item: encodeItem(stocked(value, given[0], given[1])) })
    })
  }
  await writer.appendResults(created.id, [answerBatchOf(rows)], NO_FIGURES)
  await writer.finishRun(created.id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 }, clock)
  return created.id
}

const PAGES = {
  "a thread of History's own": () => startHistoryReaderThread({ path: store.path ?? '', owner: store.owner, log: createMemoryLogger() }),
  "main's connection": () => createInThreadReader(store.operations())
}

describe.each(Object.entries(PAGES))('the long reads of History on %s', (_name, open) => {
  it("give the result log in pages exactly as main's own connection reads it", async () => {
    const id = await storedLookup(2_500)
    const pages = open()
    closing.push(pages)
    const expected = store.log(id, 0, Number.MAX_SAFE_INTEGER)
    expect(expected.entries).toHaveLength(5_000)
    const read = []
    let next = 0
    for (;;) {
      const page = await pages.log(id, next, 700)
      if (page.entries.length === 0) break
      expect(page.entries.length).toBeLessThanOrEqual(700)
      read.push(...page.entries)
      next = page.next
    }
    expect(next).toBe(expected.next)
    expect(read).toEqual(expected.entries)
  })

  it('give every current result, store by store and line by line, with or without the carried cells', async () => {
    const id = await storedLookup(CURRENT_PAGE_LINES + 250)
    const pages = open()
    closing.push(pages)
    const withCells = await currentInPages(pages, id)
    expect(withCells).toEqual(store.current(id))
    expect(withCells.slice(0, 3).map(({ result }) => result.carried)).toEqual([
      ['', ''],
      ['Item 1', '1'],
      ['Item 2', '2']
    ])
    expect(withCells.map(({ storeNbr, result }) => `${storeNbr}:${result.status}`).filter((_key, index) => index % 625 === 0)).toEqual([
      '1:found',
      '1:cancelled',
      '2:cancelled',
      '2:cancelled'
    ])
    expect(await currentInPages(pages, id, { carried: false })).toEqual(store.current(id, { carried: false }))
  })

  it("name a comparison's rows by a named lookup's item names, and by none for a lookup whose first column is another", async () => {
    const reader = open()
    closing.push(reader)
    const named = await storedLookup(30, ITEM_NAME_COLUMN)
    const unnamed = await storedLookup(30)
    const { rows } = await reader.comparison(unnamed, named, 3)
    expect(rows).toHaveLength(60)
    const names = new Map(rows.map((row) => [row.now?.line, row.itemName]))
    expect([names.get(1), names.get(2), names.get(3)]).toEqual([undefined, 'Item 1', 'Item 2'])
    expect(rows.filter((row) => row.itemName !== undefined)).toHaveLength(40)
    expect((await reader.comparison(named, unnamed, 3)).rows.map((row) => row.itemName)).toEqual(rows.map((row) => row.itemName))
    expect((await reader.comparison(unnamed, await storedLookup(30), 3)).rows.every((row) => row.itemName === undefined)).toBe(true)
  })

  it("work out Since the last run exactly as comparing both runs' full stock does", async () => {
    const values = validGtins(400)
    // Every pair of answers (stock, shelf empty, low, out of stock, failed, not found, missing) from the one run to the other.
    const kinds: ([number, number] | 'failed' | 'not_found' | null)[] = [
      [8, 2],
      [0, 5],
      [2, 0],
      [0, 0],
      'failed',
      'not_found',
      null,
      [5, 5]
    ]
    const then = await runOf(values, (store, index) => kinds[(index + store) % kinds.length] ?? null)
    const now = await runOf(values, (store, index) => kinds[(Math.floor(index / kinds.length) + store) % kinds.length] ?? null)
    const reader = open()
    closing.push(reader)
    const reads = store.operations().reads
    for (const level of [0, 3, 9]) {
      const rows = compareResults(reads.stockInputs(then), reads.stockInputs(now), level)
      const fast = await reader.sinceLastRun(then, now, level)
      expect(fast).toEqual({ since: sinceLastRun(rows), inStockRate: comparedInStockRate(rows) })
      // Changes went both ways, and the pairs missing or failing in one run were compared too.
      expect(fast.since?.counts.newly_out_of_stock).toBeGreaterThan(0)
      expect(fast.since?.counts.back_in_stock).toBeGreaterThan(0)
      expect(fast.since?.counts.newly_shelf_empty).toBeGreaterThan(0)
      expect(fast.since?.counts.still_out_of_stock).toBeGreaterThan(0)
      expect(rows.some((row) => row.then === null || row.now === null)).toBe(true)
      expect(rows.some((row) => row.now?.status === 'failed' && row.then?.status !== 'failed')).toBe(true)
    }
    const alone = await reader.sinceLastRun(null, now, 3)
    expect(alone).toEqual({ since: null, inStockRate: comparedInStockRate(compareResults([], reads.stockInputs(now), 3)) })
  })

  it("give a lookup's input lines in slices, each its line and input only, as its whole list reads them", async () => {
    const id = await storedLookup(1_200, ITEM_NAME_COLUMN)
    const reader = open()
    closing.push(reader)
    const whole = store.inputs(id).map(({ line, input }) => ({ line, input }))
    expect(await reader.inputLines(id, 0, 500)).toEqual(whole.slice(0, 500))
    expect(await reader.inputLines(id, 1_000, 500)).toEqual(whole.slice(1_000))
    expect(await inputLinesOf(reader, id)).toEqual(whole)
    expect(await reader.inputLines(404, 0, 10)).toEqual([])
  })

  it('answer a lookup that is not there with an empty page', async () => {
    const pages = open()
    closing.push(pages)
    expect(await pages.log(404, 0, 10)).toEqual({ entries: [], next: 0 })
    expect(await pages.current(404, null, 10, {})).toEqual([])
  })
})

describe("History's reader thread ended mid-read", () => {
  it('fails the reads under way with a sentence, and reads again on a thread started afresh', async () => {
    const id = await storedLookup(2_500)
    const problems: string[] = []
    const reader = startHistoryReaderThread({
      path: store.path ?? '',
      owner: store.owner,
      log: createMemoryLogger(),
      onStopped: (error) => problems.push(error.message)
    })
    closing.push(reader)
    expect((await reader.log(id, 0, 10)).entries).toHaveLength(10)
    const threads = runningThreads('History reads')
    expect(threads).toHaveLength(1)
    const first = reader.log(id, 0, 5_000).catch((error: unknown) => error)
    // Behind the first in the thread's queue: the thread cannot answer it before it ends.
    const second = reader.log(id, 0, 5_000).catch((error: unknown) => error)
    await threads[0]?.terminate()
    const sentence =
      "History's reader stopped unexpectedly; what it was reading was not shown; try again. The details were written to the log."
    expect(await second).toMatchObject({ code: 'internal', message: sentence })
    expect(await first).toSatisfy(
      (outcome) => (outcome as { message?: string }).message === sentence || Array.isArray((outcome as { entries?: unknown }).entries)
    )
    expect(problems).toEqual([sentence])

    expect(await reader.log(id, 0, Number.MAX_SAFE_INTEGER)).toEqual(store.log(id, 0, Number.MAX_SAFE_INTEGER))
    expect(runningThreads('History reads')).toHaveLength(1)
    expect(runningThreads('History reads')[0]).not.toBe(threads[0])
  })
})

describe("History's reader thread", () => {
  it('starts when asked, before any read, and then reads on that same thread', async () => {
    const id = await storedLookup(20)
    const reader = startHistoryReaderThread({ path: store.path ?? '', owner: store.owner, log: createMemoryLogger() })
    closing.push(reader)
    expect(runningThreads('History reads')).toHaveLength(0)
    reader.warm()
    const [thread] = runningThreads('History reads')
    expect(thread).toBeDefined()
    expect((await reader.log(id, 0, 10)).entries).toHaveLength(10)
    expect(runningThreads('History reads')).toEqual([thread])
  })
})
