import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { buildExportSheets, defaultExportSpec, type ExportSource } from '../../../shared/export/build-export'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../../shared/export/export-spec'
import { pairKey } from '../../../shared/export/build-export'
import { exportChunks, type ExportReads } from './export-chunks'

const STATUSES = ['found', 'not_found', 'invalid', 'failed'] as const

function results(count: number, storeNbr = 1234): LineResult[] {
  return Array.from({ length: count }, (_, index): LineResult => {
    const status = STATUSES[index % STATUSES.length] ?? 'found'
    const base = {
      storeNbr,
      line: index + 2,
      input: String(index).padStart(12, '0'),
      value: String(index).padStart(14, '0'),
      status,
      carried: [`Item ${index}`]
    }
    if (status !== 'found') return base
    const locations = Array.from({ length: index % 3 }, (_, location) => ({
      location_area: location === 0 ? 'store' : 'backroom',
      state: 'available',
      quantity: location + 1
    }))
    return {
      ...base,
      item: {
        gtin: base.value,
        wm_item_number: null,
        supplier_name: null,
        store_nbr: storeNbr,
        inventory_locations: locations,
        total_quantity: 1,
        raw: {}
      }
    }
  })
}

/** What the writer ends up with: every chunk's rows and fills appended, sheet by sheet. */
function joined(chunks: Iterable<ExportSheet[]>): ExportSheet[] {
  const sheets: {
    name: string
    columns: ExportSheet['columns']
    rows: ExportSheet['rows'][number][]
    fills: Map<number, (string | null)[]>
  }[] = []
  for (const chunk of chunks) {
    chunk.forEach((sheet, index) => {
      const target = (sheets[index] ??= { name: sheet.name, columns: sheet.columns, rows: [], fills: new Map() })
      for (const fill of sheet.fills ?? []) target.fills.set(fill.column, [...(target.fills.get(fill.column) ?? []), ...fill.colors])
      target.rows.push(...sheet.rows)
    })
  }
  return sheets.map(({ fills, ...sheet }) => ({
    ...sheet,
    ...(fills.size === 0 ? {} : { fills: [...fills].map(([column, colors]) => ({ column, colors })) })
  }))
}

/** History's reads over `source.results` (store by store in the lookup's order, lines in input order), as the reader answers them. */
function readsOver(source: ExportSource): ExportReads {
  const withoutCarried = ({ carried: _carried, ...result }: LineResult): LineResult => result
  const byPair = new Map(source.results.map((result) => [pairKey(result.storeNbr, result.line), result]))
  return {
    current(after, limit, { carried }) {
      const from = after === null ? 0 : source.results.findIndex((one) => one.storeNbr === after.storeNbr && one.line === after.line) + 1
      const page = source.results.slice(from, from + limit)
      return carried ? page : page.map(withoutCarried)
    },
    currentOf: (pairs) => pairs.flatMap(({ storeNbr, line }) => byPair.get(pairKey(storeNbr, line)) ?? []),
    answeredLines: (after, limit) =>
      [...new Set(source.results.map((result) => result.line))]
        .sort((a, b) => a - b)
        .filter((line) => line > after)
        .slice(0, limit)
  }
}

function chunksOf(source: ExportSource, spec: ExportViewSpec, linesPerChunk?: number): Generator<ExportSheet[]> {
  const { results: _results, ...lookup } = source
  return exportChunks(lookup, readsOver(source), spec, linesPerChunk)
}

const SOURCE: ExportSource = { results: results(53), itemType: 'gtin', carriedColumns: ['Description'], stores: [1234], lines: 53 }
/** Two stores, the second missing some lines' answers (a run cancelled before it reached them). */
const TWO_STORES: ExportSource = {
  ...SOURCE,
  results: [...results(53, 1234), ...results(53, 5678).filter((result) => result.line % 5 !== 0)],
  stores: [1234, 5678]
}

describe('an export built a slice of lines at a time', () => {
  it.each(['items', 'locations'] as const)('gives the %s sheets that building them all at once gives', (view) => {
    const spec = defaultExportSpec(view, SOURCE.carriedColumns, 3)
    expect(joined(chunksOf(SOURCE, spec, 10))).toEqual(buildExportSheets(SOURCE, spec))
    const twoStores = defaultExportSpec(view, TWO_STORES.carriedColumns, 3, TWO_STORES.stores)
    expect(joined(chunksOf(TWO_STORES, twoStores, 10))).toEqual(buildExportSheets(TWO_STORES, twoStores))
  })

  it.each(['matrix', 'by-item', 'stores'] as const)('gives the %s sheet of several stores that building it at once gives', (view) => {
    const spec = defaultExportSpec(view, TWO_STORES.carriedColumns, 3, TWO_STORES.stores)
    expect(joined(chunksOf(TWO_STORES, spec, 7))).toEqual(buildExportSheets(TWO_STORES, spec))
    const chosen: ExportViewSpec = { ...spec, rows: view === 'stores' ? { stores: [5678] } : { lines: [30, 2, 25, 41, 2] } }
    expect(joined(chunksOf(TWO_STORES, chosen, 2))).toEqual(buildExportSheets(TWO_STORES, chosen))
  })

  it('keeps the screen order of chosen rows across slices, repeated lines included', () => {
    const lines = [40, 2, 33, 2, 17, 54, 9, 3, 40]
    const items: ExportViewSpec = { ...defaultExportSpec('items', SOURCE.carriedColumns, 3), rows: { lines } }
    expect(joined(chunksOf(SOURCE, items, 4))).toEqual(buildExportSheets(SOURCE, items))
    const locations: ExportViewSpec = {
      ...defaultExportSpec('locations', SOURCE.carriedColumns, 3),
      rows: { lines, locations: [0, 0, 1, 0, 0, 0, 0, 0, 1] }
    }
    expect(joined(chunksOf(SOURCE, locations, 4))).toEqual(buildExportSheets(SOURCE, locations))
    const stores = [5678, 1234, 5678, 1234, 5678]
    const pairs: ExportViewSpec = {
      ...defaultExportSpec('items', TWO_STORES.carriedColumns, 3, TWO_STORES.stores),
      rows: { lines: [10, 10, 11, 2, 2], stores }
    }
    expect(joined(chunksOf(TWO_STORES, pairs, 2))).toEqual(buildExportSheets(TWO_STORES, pairs))
  })

  it.each(['items', 'matrix', 'by-item', 'stores'] as const)(
    'still gives the %s sheets, with their columns, when there are no rows',
    (view) => {
      const empty: ExportSource = { results: [], itemType: 'gtin', carriedColumns: [], stores: [1234], lines: 0 }
      const spec = defaultExportSpec(view, [], 3, empty.stores)
      const chunks = [...chunksOf(empty, spec)]
      expect(chunks).toHaveLength(1)
      expect(chunks[0]?.[0]?.columns.length).toBeGreaterThan(0)
      expect(chunks).toEqual([buildExportSheets(empty, spec)])
    }
  )
})
