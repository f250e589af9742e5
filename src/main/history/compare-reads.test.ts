import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compareResults, countCategories, nameCompareRows } from '../../shared/compare/compare-lookups'
import type { InventoryItem } from '../../shared/domain/line-result'
import { ITEM_NAME_COLUMN } from '../../shared/items/item-name-column'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import { createMemoryLogger } from '../logging/logger'
import { createInThreadReader, type HistoryReader } from './history-reader'
import { startHistoryReaderThread } from './history-thread'
import type { AnswerRow } from './history-types'
import { encodeItem } from './item-batch'
import { createDirectHistory, type DirectHistory } from './test-support/direct-history'
import { NO_FIGURES, sampleItem, sampleLookup, valueFor } from './test-support/sample-lookups'

/**
 * A comparison built on History's reader (its thread in the app) gives the rows and counts that
 * comparing both lookups' full stock and item names on main gave, for lookups of one store and of many.
 */
let dir: string
let history: DirectHistory
const readers: HistoryReader[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'compare-reads-'))
  history = createDirectHistory({ dir, log: createMemoryLogger(), now: () => 1 })
})
afterEach(async () => {
  for (const reader of readers.splice(0)) await reader.close()
  history.close()
  rmSync(dir, { recursive: true, force: true })
})

type Answer = [shelf: number, backroom: number] | 'failed' | 'not_found' | null

function stocked(value: string, [shelf, backroom]: [number, number]): InventoryItem {
  const locations = [
    { location_area: 'store', state: 'available', quantity: shelf },
    { location_area: 'backroom', state: 'available', quantity: backroom }
  ]
  return { ...sampleItem(value, shelf + backroom), inventory_locations: locations, total_quantity: shelf + backroom }
}

/** A finished lookup of values 1..count in `stores`, each pair answered as `answer` says; its first column the item's name when `named`. */
function lookupOf(stores: number[], count: number, answer: (store: number, line: number) => Answer, named: boolean): number {
  const lines = Array.from({ length: count }, (_, index) => {
    const line = index + 1
    const cells = named ? { carried: `${line % 4 === 0 ? '' : `Item ${line}`}${CELL_SEPARATOR}${line % 6}` } : {}
    return { line, input: valueFor(line), value: valueFor(line), ...cells }
  })
  const { id } = history.createLookup(sampleLookup(lines, { stores, carriedColumns: named ? [ITEM_NAME_COLUMN, 'Case Pack'] : [] }))
  const rows: AnswerRow[] = []
  for (const storeNbr of stores) {
    for (const { line, value } of lines) {
      const given = answer(storeNbr, line)
      if (given === null) continue
      if (given === 'failed')
        rows.push({ storeNbr, line, status: 'failed', error: { code: 'offline', message: 'The API could not be reached.' } })
      else if (given === 'not_found') rows.push({ storeNbr, line, status: 'not_found' })
      else rows.push({ storeNbr, line, status: 'found', item: encodeItem(stocked(value, given)) })
    }
  }
  history.appendResults(id, rows, NO_FIGURES)
  history.finishRun(id, 'finished', { ...NO_FIGURES, valuesPerSecond: 0 })
  return id
}

/** Every kind of answer, so the rows go every way between two lookups. */
const KINDS: Answer[] = [[8, 2], [0, 5], [2, 0], [0, 0], 'failed', 'not_found', null, [5, 5], [1, 0]]

/** What Compare built on main before: both lookups' whole stock and names read, then compared and named there. */
function comparedOnMain(thenId: number, nowId: number, level: number) {
  const rows = nameCompareRows(compareResults(history.stockInputs(thenId), history.stockInputs(nowId), level), {
    then: history.itemNames(thenId),
    now: history.itemNames(nowId)
  })
  return { rows, counts: countCategories(rows) }
}

const READERS = {
  "History's reader thread": () => startHistoryReaderThread({ path: history.path ?? '', owner: history.owner, log: createMemoryLogger() }),
  "main's connection": () => createInThreadReader(history.operations())
}

describe.each(Object.entries(READERS))('a comparison built on %s', (_name, open) => {
  it('of two one-store lookups, one named: the same rows, names and counts as built on main', async () => {
    const then = lookupOf([1234], 300, (_store, line) => KINDS[line % KINDS.length] ?? null, true)
    // Another store, and values the earlier lookup did not have: one-store lookups compare store to store.
    const now = lookupOf([88], 320, (_store, line) => KINDS[Math.floor(line / 3) % KINDS.length] ?? null, false)
    const reader = open()
    readers.push(reader)
    for (const level of [0, 3]) {
      const built = await reader.comparison(then, now, level)
      expect(built).toEqual(comparedOnMain(then, now, level))
      expect(built.rows.filter((row) => row.itemName !== undefined).length).toBeGreaterThan(100)
      expect(Object.values(built.counts).every((count) => count > 0)).toBe(true)
      expect(new Set(built.rows.filter((row) => row.now !== null).map((row) => row.store))).toEqual(new Set([88]))
    }
  })

  it('of two many-store lookups, both named: the same rows, store and value pair by pair, as built on main', async () => {
    const stores = [10, 20, 30, 40, 50]
    const then = lookupOf(stores, 120, (store, line) => KINDS[(line + store) % KINDS.length] ?? null, true)
    const now = lookupOf([...stores, 60], 100, (store, line) => KINDS[(Math.floor(line / 2) + store) % KINDS.length] ?? null, true)
    const reader = open()
    readers.push(reader)
    const built = await reader.comparison(then, now, 3)
    expect(built).toEqual(comparedOnMain(then, now, 3))
    expect(new Set(built.rows.map((row) => row.store))).toEqual(new Set([...stores, 60]))
    expect(built.rows.some((row) => row.itemName === undefined)).toBe(true)
    expect(built.rows.filter((row) => row.itemName !== undefined).length).toBeGreaterThan(300)
    expect(Object.values(built.counts).every((count) => count > 0)).toBe(true)
  })
})
