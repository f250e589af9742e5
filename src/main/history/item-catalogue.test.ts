import { mkdtempSync, rmSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ITEM_NAME_COLUMN, MAX_ITEM_NAME_CHARS } from '../../shared/items/item-name-column'
import { CELL_SEPARATOR } from '../files/import/imported-table'
import { asLines, validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { migrate } from './history-schema'
import { createHistoryStore } from './history-store'
import { startHistoryThread } from './history-thread'
import { createInThreadWriter, type HistoryWriter } from './history-writer'
import { createItemCatalogue } from './item-catalogue'
import type { NewLookupRequest } from './lookup-request'
import { withDirectAccess, type DirectHistory } from './test-support/direct-history'

let dir: string
let clock: number
const opened: { store: DirectHistory; writer: HistoryWriter }[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'item-catalogue-'))
  clock = 1_750_000_000_000
})
afterEach(async () => {
  for (const { store, writer } of opened.splice(0)) {
    await writer.close()
    store.close()
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('the item catalogue', () => {
  function catalogue() {
    const db = new DatabaseSync(':memory:')
    migrate(db)
    return createItemCatalogue(db)
  }

  it('keeps the latest name of each value by item type, with where it came from', () => {
    const names = catalogue()
    expect(
      names.record(
        'gtin',
        [
          { value: '1', name: 'Oat milk' },
          { value: '2', name: '  ' }
        ],
        { source: 'a.csv', lookupId: 4 },
        10
      )
    ).toBe(1)
    names.record('gtin', [{ value: '1', name: ' Oat milk 1 l ' }], { source: 'b.xlsx', lookupId: 7 }, 20)
    names.record('wm_item_number', [{ value: '1', name: 'Soap' }], { source: 'c.csv', lookupId: null }, 30)
    expect(names.namesOf('gtin', ['1', '2', '1'])).toEqual(
      new Map([['1', { name: 'Oat milk 1 l', source: 'b.xlsx', lookupId: 7, updatedAt: 20 }]])
    )
    expect(names.namesOf('wm_item_number', ['1']).get('1')?.name).toBe('Soap')
  })

  it('cuts a long name, and reads more values than one statement takes', () => {
    const names = catalogue()
    const many = Array.from({ length: 1_234 }, (_, index) => ({ value: String(index), name: `Item ${index}` }))
    names.record('gtin', [...many, { value: 'long', name: 'x'.repeat(5_000) }], { source: 'big.csv', lookupId: 1 }, 1)
    const found = names.namesOf('gtin', [...many.map((entry) => entry.value), 'long', 'unknown'])
    expect(found.size).toBe(1_235)
    expect(found.get('1233')?.name).toBe('Item 1233')
    expect(found.get('long')?.name).toHaveLength(MAX_ITEM_NAME_CHARS)
  })
})

/** The two writers the app uses: History's thread on the file, and main's own connection for a history in memory. */
const WRITERS = {
  "History's thread": (): { store: DirectHistory; writer: HistoryWriter } => {
    const store = withDirectAccess(createHistoryStore({ dir, log: createMemoryLogger(), now: () => clock }), () => clock)
    const path = store.path
    if (path === null) throw new Error('the history file did not open')
    return { store, writer: startHistoryThread({ path, owner: store.owner, now: () => clock, log: createMemoryLogger() }) }
  },
  'main, for a history in memory': (): { store: DirectHistory; writer: HistoryWriter } => {
    const store = withDirectAccess(createHistoryStore({ dir: null, log: createMemoryLogger(), now: () => clock }), () => clock)
    return { store, writer: createInThreadWriter(store.operations(), () => clock) }
  }
}

function request(inputs: string[], carried?: { columns: string[]; rows: (string | null)[]; itemNamesFrom?: string }): NewLookupRequest {
  return {
    lookup: {
      environment: 'demo',
      authUrl: 'http://127.0.0.1:9',
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'demo-client',
      itemType: 'gtin',
      source: 'app',
      carriedColumns: carried?.columns ?? [],
      stores: [1234],
      startedAt: clock
    },
    lines: asLines(inputs),
    ...(carried === undefined ? {} : { carried: carried.rows }),
    ...(carried?.itemNamesFrom === undefined ? {} : { itemNamesFrom: carried.itemNamesFrom })
  }
}

const cells = (...values: string[]) => values.join(CELL_SEPARATOR)

let stagedSets = 0

/** How the carried cells reach the writer: in the request, or staged two lines at a time before it, as an imported file's are. */
const DELIVERIES = {
  'with the cells in the request': (writer: HistoryWriter, asked: NewLookupRequest) => writer.createLookup(asked),
  'with the cells staged a part at a time': async (writer: HistoryWriter, asked: NewLookupRequest) => {
    const { carried, ...rest } = asked
    if (carried === undefined) return writer.createLookup(asked)
    const key = `staged-${(stagedSets += 1)}`
    const lines = (asked.lines ?? []).map(({ line }) => line)
    for (let start = 0; start < lines.length; start += 2) {
      await writer.stageCarried(key, { lines: lines.slice(start, start + 2), rows: carried.slice(start, start + 2) })
    }
    return writer.createLookup({ ...rest, carriedStaged: key })
  }
}

const CASES = Object.entries(WRITERS).flatMap(([writerName, open]) =>
  Object.entries(DELIVERIES).map(([deliveryName, deliver]) => [`${writerName} ${deliveryName}`, open, deliver] as const)
)

describe.each(CASES)('lookups stored by %s', (_name, open, deliver) => {
  function start() {
    const pair = open()
    opened.push(pair)
    return { ...pair, writer: { ...pair.writer, createLookup: (asked: NewLookupRequest) => deliver(pair.writer, asked) } }
  }

  it("teach the catalogue their file's item names, and a later list without names gets them", async () => {
    const { store, writer } = start()
    const [milk = '', rye = '', soap = ''] = validGtins(3)
    const named = await writer.createLookup(
      request([milk, rye, 'not a gtin'], {
        columns: [ITEM_NAME_COLUMN, 'Case Pack'],
        rows: [cells('Oat milk', '6'), cells('', '12'), cells('Bad row', '1')],
        itemNamesFrom: 'order.xlsx'
      })
    )
    expect(store.lookup(named.id)?.carriedColumns).toEqual([ITEM_NAME_COLUMN, 'Case Pack'])

    clock += 1_000
    const pasted = await writer.createLookup(request([soap, milk, 'not a gtin', rye]))
    expect(store.lookup(pasted.id)?.carriedColumns).toEqual([ITEM_NAME_COLUMN])
    expect(store.carriedCells(pasted.id, [1, 2, 3, 4])).toEqual(
      new Map([
        [1, ['']],
        [2, ['Oat milk']],
        [3, ['']],
        [4, ['']]
      ])
    )

    expect(store.itemNames(pasted.id)).toEqual(new Map([[2, 'Oat milk']]))
    expect(store.catalogueNames('gtin', [milk, soap])).toEqual(
      new Map([[milk, { name: 'Oat milk', source: 'order.xlsx', lookupId: named.id, updatedAt: clock - 1_000 }]])
    )

    // A file without a name column keeps its columns, after the names the catalogue knows.
    const unnamed = await writer.createLookup(request([milk, soap], { columns: ['Case Pack'], rows: [cells('6'), null] }))
    expect(store.lookup(unnamed.id)?.carriedColumns).toEqual([ITEM_NAME_COLUMN, 'Case Pack'])
    expect(store.carriedCells(unnamed.id, [1, 2])).toEqual(
      new Map([
        [1, ['Oat milk', '6']],
        [2, ['', '']]
      ])
    )
    // A line the file has no row for still gets the name the catalogue knows, in line order among the others.
    const short = await writer.createLookup(request([soap, milk, rye], { columns: ['Case Pack'], rows: [cells('3'), null, cells('12')] }))
    expect(store.carriedCells(short.id, [1, 2, 3])).toEqual(
      new Map([
        [1, ['', '3']],
        [2, ['Oat milk', '']],
        [3, ['', '12']]
      ])
    )
  })

  it("let a file's own names win over the catalogue's, and the latest file's name is the one kept", async () => {
    const { store, writer } = start()
    const [milk = ''] = validGtins(1)
    await writer.createLookup(request([milk], { columns: [ITEM_NAME_COLUMN], rows: ['Oat milk'], itemNamesFrom: 'a.csv' }))
    const renamed = await writer.createLookup(request([milk], { columns: [ITEM_NAME_COLUMN], rows: ['Oat drink'], itemNamesFrom: 'b.csv' }))
    expect(store.carriedCells(renamed.id, [1]).get(1)).toEqual(['Oat drink'])
    const pasted = await writer.createLookup(request([milk]))
    expect(store.carriedCells(pasted.id, [1]).get(1)).toEqual(['Oat drink'])
  })

  it('leave a list alone when the catalogue knows none of its values', async () => {
    const { store, writer } = start()
    const created = await writer.createLookup(request(validGtins(2), { columns: ['Item name (file)'], rows: ['Soap', 'Tea'] }))
    expect(store.lookup(created.id)?.carriedColumns).toEqual(['Item name (file)'])
    expect(store.itemNames(created.id)).toEqual(new Map())
  })
})
