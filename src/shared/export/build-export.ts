import type { ItemType } from '../domain/item-type'
import type { LineResult } from '../domain/line-result'
import { STOCK_STATUS_FILLS } from '../stock/stock-status'
import { lineFacts, type LineFacts } from '../views/line-facts'
import {
  cellValue,
  columnsByKeys,
  locationRowCount,
  RESULT_VIEW_LABELS,
  viewColumns,
  type ColumnKind,
  type ResultView,
  type ViewColumn
} from '../views/view-columns'
import type { ExportCell, ExportColumn, ExportSheet } from './export-sheet'
import type { ExportRows, ExportViewSpec } from './export-spec'

export interface ExportSource {
  /** The latest result of every line, in input order. */
  readonly results: readonly LineResult[]
  readonly itemType: ItemType
  readonly carriedColumns: readonly string[]
}

interface SheetRow {
  readonly facts: LineFacts
  /** The location row within its line (Locations view); -1 in the Items view. */
  readonly location: number
}

function exportKind(kind: ColumnKind): ExportColumn['kind'] {
  return kind === 'status' ? 'text' : kind
}

function sheetOf(name: string, columns: readonly ViewColumn[], rows: readonly SheetRow[], itemType: ItemType): ExportSheet {
  const cells: ExportCell[][] = rows.map(({ facts, location }) => columns.map((column) => cellValue(facts, column, itemType, location)))
  const fills = columns.flatMap((column, index) =>
    column.kind === 'status' ? [{ column: index, colors: rows.map(({ facts }) => STOCK_STATUS_FILLS[facts.status]) }] : []
  )
  return {
    name,
    columns: columns.map((column) => ({ label: column.label, kind: exportKind(column.kind) })),
    rows: cells,
    ...(fills.length === 0 ? {} : { fills })
  }
}

function locationRowsOf(facts: LineFacts): SheetRow[] {
  return Array.from({ length: locationRowCount(facts) }, (_, location) => ({ facts, location }))
}

/** The chosen rows, in the order asked; lines the job does not have and location rows past a line's last are left out. */
function chosenRows(view: ResultView, rows: ExportRows | null, factsByLine: ReadonlyMap<number, LineFacts>): SheetRow[] {
  if (rows === null) {
    const all = [...factsByLine.values()]
    return view === 'items' ? all.map((facts) => ({ facts, location: -1 })) : all.flatMap(locationRowsOf)
  }
  const chosen: SheetRow[] = []
  rows.lines.forEach((line, index) => {
    const facts = factsByLine.get(line)
    if (facts === undefined) return
    if (view === 'items') {
      chosen.push({ facts, location: -1 })
      return
    }
    const location = rows.locations?.[index]
    if (location === undefined) chosen.push(...locationRowsOf(facts))
    else if (location < locationRowCount(facts)) chosen.push({ facts, location })
  })
  return chosen
}

/**
 * The sheets of an export of what the screen shows: the view's rows and columns as the first sheet;
 * an Items export adds a "Locations" sheet with every location row of the same items, in the same order.
 */
export function buildExportSheets(source: ExportSource, spec: ExportViewSpec): ExportSheet[] {
  const factsByLine = new Map<number, LineFacts>()
  for (const result of source.results) factsByLine.set(result.line, lineFacts(result, spec.lowStockLevel))
  const columns = columnsByKeys(spec.view, source.carriedColumns, spec.columns)
  const rows = chosenRows(spec.view, spec.rows, factsByLine)
  const first = sheetOf(RESULT_VIEW_LABELS[spec.view], columns, rows, source.itemType)
  if (spec.view === 'locations') return [first]
  const locationRows = rows.flatMap(({ facts }) => locationRowsOf(facts))
  const locations = sheetOf(RESULT_VIEW_LABELS.locations, viewColumns('locations', source.carriedColumns), locationRows, source.itemType)
  return [first, locations]
}

/** Every column of the view in its default order: what the headless command exports. */
export function defaultExportSpec(view: ResultView, carriedColumns: readonly string[], lowStockLevel: number): ExportViewSpec {
  return { view, columns: viewColumns(view, carriedColumns).map((column) => column.key), rows: null, lowStockLevel }
}
