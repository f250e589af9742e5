import { describe, expect, it } from 'vitest'
import type { LineResult } from '../../../shared/domain/line-result'
import { buildExportSheets, defaultExportSpec, type ExportSource } from '../../../shared/export/build-export'
import type { ExportSheet } from '../../../shared/export/export-sheet'
import type { ExportViewSpec } from '../../../shared/export/export-spec'
import { exportChunks } from './export-chunks'

const STATUSES = ['found', 'not_found', 'invalid', 'failed'] as const

function results(count: number): LineResult[] {
  return Array.from({ length: count }, (_, index): LineResult => {
    const status = STATUSES[index % STATUSES.length] ?? 'found'
    const base = {
      storeNbr: 1234,
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
        store_nbr: 1234,
        inventory_locations: locations,
        total_quantity: 1,
        raw: {}
      }
    }
  })
}

/** What the writer ends up with: every chunk's rows and fills appended, sheet by sheet. */
async function joined(chunks: AsyncIterable<ExportSheet[]>): Promise<ExportSheet[]> {
  const sheets: {
    name: string
    columns: ExportSheet['columns']
    rows: ExportSheet['rows'][number][]
    fills: Map<number, (string | null)[]>
  }[] = []
  for await (const chunk of chunks) {
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

const SOURCE: ExportSource = { results: results(53), itemType: 'gtin', carriedColumns: ['Description'], stores: [1234], lines: 53 }

describe('an export built a slice of lines at a time', () => {
  it.each(['items', 'locations'] as const)('gives the %s sheets that building them all at once gives', async (view) => {
    const spec = defaultExportSpec(view, SOURCE.carriedColumns, 3)
    expect(await joined(exportChunks(SOURCE, spec, { linesPerChunk: 10 }))).toEqual(buildExportSheets(SOURCE, spec))
  })

  it('keeps the screen order of chosen rows across slices, repeated lines included', async () => {
    const lines = [40, 2, 33, 2, 17, 54, 9, 3, 40]
    const items: ExportViewSpec = { ...defaultExportSpec('items', SOURCE.carriedColumns, 3), rows: { lines } }
    expect(await joined(exportChunks(SOURCE, items, { linesPerChunk: 4 }))).toEqual(buildExportSheets(SOURCE, items))
    const locations: ExportViewSpec = {
      ...defaultExportSpec('locations', SOURCE.carriedColumns, 3),
      rows: { lines, locations: [0, 0, 1, 0, 0, 0, 0, 0, 1] }
    }
    expect(await joined(exportChunks(SOURCE, locations, { linesPerChunk: 4 }))).toEqual(buildExportSheets(SOURCE, locations))
  })

  it('still gives the sheets, with their columns, when there are no rows', async () => {
    const spec = defaultExportSpec('items', [], 3)
    const chunks: ExportSheet[][] = []
    for await (const chunk of exportChunks({ results: [], itemType: 'gtin', carriedColumns: [], stores: [1234], lines: 0 }, spec))
      chunks.push(chunk)
    expect(chunks).toHaveLength(1)
    expect(chunks[0]?.[0]?.columns.length).toBeGreaterThan(0)
    expect(chunks[0]?.[0]?.rows).toEqual([])
  })
})
