import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { IMPORT_VALUE_SEPARATOR, type ImportColumn, type ImportSummary, type IpcResult } from '../../shared/contract'
import type { ColumnKey } from '../../shared/views/view-columns'
import { createAppRoot, type AppRoot } from '../composition-root'
import { createMemorySecretStore } from '../credentials/memory-secret-store'
import { dispatch } from './handler-table'
import { validGtins } from '../jobs/test-support/gtin-fixtures'
import { createMemoryLogger } from '../logging/logger'
import { decodeResultPage, type EncodedResultPage } from '../../shared/domain/result-page'
import type { WatchlistDefinition } from '../../shared/watchlists/watchlist'
import { itemsFromInputs } from '../watchlists/watchlist-items'
import { latestResults } from '../history/test-support/latest-results'
import { packInputColumn } from '../../shared/input-column'

/**
 * A wide file's other cells from import to every reader, through the handler table as the window
 * calls it: the grid's pages, the cells an export adds a slice at a time, the inputs Run again and
 * a watchlist take, the watchlists saved from them, and the item names. Each must give back exactly the cells the import read,
 * whatever they hold (tabs, quotes, line breaks, unicode, blanks), over more lines than History
 * keeps in one slice.
 */
const appWindow = { webContentsId: 1, frameUrl: 'app://renderer/index.html', isMainFrame: true }
const ROWS = 2_600
const OTHER_COLUMNS = 24
const AWKWARD = [
  'tab\there',
  'say "hi"',
  'line one\nline two',
  'crlf\r\nend',
  'Ünïcödé ✓ 漢字 🍎',
  '',
  '  spaced  ',
  'comma, yes',
  '=1+2',
  '"'
]

let dataDir: string
let root: AppRoot | null = null

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wide-file-'))
})
afterEach(async () => {
  await root?.close()
  root = null
  await rm(dataDir, { recursive: true, force: true })
})

function quoted(cell: string): string {
  return `"${cell.replaceAll('"', '""')}"`
}

function wideCsv(gtins: readonly string[]): string {
  const header = ['GTIN', 'Name', ...Array.from({ length: OTHER_COLUMNS }, (_, column) => `Column ${column + 1}`)]
  const rows = gtins.map((gtin, row) => [
    gtin,
    row % 7 === 0 ? '' : `Name ${row} ${AWKWARD[row % AWKWARD.length] ?? ''}`,
    ...Array.from({ length: OTHER_COLUMNS }, (_, column) => AWKWARD[(row + column) % AWKWARD.length] ?? '')
  ])
  return [header, ...rows].map((cells) => cells.map(quoted).join(',')).join('\r\n')
}

it("gives back a wide file's cells exactly in every place that reads them", async () => {
  root = await createAppRoot({
    fetch: globalThis.fetch,
    now: () => Date.now(),
    secretStore: createMemorySecretStore(),
    userDataDir: dataDir,
    log: createMemoryLogger(),
    chooseExportPath: async (name) => join(dataDir, name),
    openExternal: async () => undefined
  })
  const handlers = root.createHandlers(() => true)
  async function call<T>(channel: string, input?: unknown): Promise<T> {
    const result = (await dispatch(handlers, channel, input, appWindow)) as IpcResult<T>
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value
  }
  const { services } = root

  const gtins = validGtins(ROWS)
  const summary = await call<ImportSummary>('files:read-import', { fileName: 'wide.csv', bytes: new TextEncoder().encode(wideCsv(gtins)) })
  const source = { importId: summary.importId, column: 0, nameColumn: 1 }
  const column = await call<ImportColumn>('files:import-column', source)
  const values = column.values.split(IMPORT_VALUE_SEPARATOR)
  const lines = column.lines.map((line, index) => ({ line, input: values[index] ?? '' }))
  expect(lines).toHaveLength(ROWS)
  // What the import itself reads for each line: the oracle every reader is held to.
  const imported = await services.imports.carried(source, column.lines)
  const expected = new Map(column.lines.map((line, index) => [line, imported.rows[index]?.split(IMPORT_VALUE_SEPARATOR) ?? []]))
  expect(imported.columns).toHaveLength(OTHER_COLUMNS + 1)
  // The import kept every awkward cell as it was written.
  expect([...expected.values()].flat()).toEqual(expect.arrayContaining(AWKWARD))

  const { jobId } = await call<{ jobId: string }>('jobs:start', {
    environment: 'demo',
    stores: [1234],
    itemType: 'gtin',
    lines: packInputColumn(lines),
    source
  })
  await services.lookups.whenSettled(jobId)
  const opened = await call<{ carriedColumns: string[] }>('history:open', { jobId })
  expect(opened.carriedColumns).toEqual(imported.columns)

  const shown = new Map<number, string[] | undefined>()
  for (let from = 0; ;) {
    const page = await call<EncodedResultPage>('jobs:results', { jobId, from })
    if (page.count === 0) break
    for (const entry of decodeResultPage(page)) shown.set(entry.line, entry.carried)
    from = page.next
  }
  expect(shown).toEqual(expected)

  const id = Number(jobId)
  const inputs = services.history.inputs(id)
  expect(new Map(inputs.map((input) => [input.line, input.cells]))).toEqual(expected)
  expect(inputs.map(({ line, input }) => ({ line, input }))).toEqual(lines)

  // Save as watchlist, from the results (History's reader, a slice at a time) and from the form (the import's worker): every column of every line.
  const fromLookup = await call<{ id: string }>('watchlists:save-lookup', { jobId, name: 'Wide results', group: null, lowStockLevel: 3 })
  const fromForm = await call<{ id: string }>('watchlists:save', {
    name: 'Wide form',
    environment: 'demo',
    itemType: 'gtin',
    stores: { kind: 'list', stores: [1234] },
    lowStockLevel: 3,
    lines,
    source
  })
  for (const { id: watchlistId } of [fromLookup, fromForm]) {
    const { definition } = await call<{ definition: WatchlistDefinition }>('watchlists:get', { id: watchlistId })
    expect(definition.columns).toEqual(imported.columns)
    expect(definition.items).toEqual(itemsFromInputs(inputs))
  }

  const carried = await latestResults(services.results, jobId)
  expect(new Map(carried.map((result) => [result.line, result.carried]))).toEqual(expected)

  // The catalogue learns each named line's name as stored: trimmed, blank ones left out.
  const { names } = await call<{ names: { value: string; name: string }[] }>('history:catalogue-names', {
    itemType: 'gtin',
    values: gtins.slice(0, 40)
  })
  const learned = gtins.slice(0, 40).flatMap((value, index) => {
    const name = (expected.get(column.lines[index] ?? 0)?.[0] ?? '').trim()
    return name === '' ? [] : [{ value, name }]
  })
  expect(names.map(({ value, name }) => ({ value, name }))).toEqual(expect.arrayContaining(learned))
  expect(names).toHaveLength(learned.length)

  const view = {
    view: 'items',
    columns: ['line', ...imported.columns.map((_name, index): ColumnKey => `carried:${index}`)],
    rows: null,
    lowStockLevel: 3
  }
  const saved = await call<{ saved: boolean; path: string }>('files:export', { jobId, format: 'json', view })
  expect(saved.saved).toBe(true)
  if (!saved.saved) return
  // A JSON export writes a blank cell as null.
  const exported = JSON.parse(await readFile(saved.path, 'utf8')) as Record<string, unknown>[]
  expect(new Map(exported.map((row) => [row['Line'], imported.columns.map((name) => row[name] ?? '')]))).toEqual(expected)
})
