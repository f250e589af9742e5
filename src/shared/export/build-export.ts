import type { ItemType } from '../domain/item-type'
import type { LineResult } from '../domain/line-result'
import { STOCK_STATUS_FILLS } from '../stock/stock-status'
import { lineFacts, type LineFacts } from '../views/line-facts'
import { isLineView, LOOKUP_VIEW_LABELS, lookupColumns, type LookupView } from '../views/lookup-views'
import {
  cellValue,
  locationRowCount,
  pickColumns,
  RESULT_VIEW_LABELS,
  viewColumns,
  type ColumnKind,
  type ResultView,
  type ViewColumn
} from '../views/view-columns'
import type { ExportCell, ExportColumn, ExportSheet } from './export-sheet'
import type { ExportRows, ExportViewSpec } from './export-spec'
import { byItemSheet } from './item-sheet'
import { matrixSheet, storesSheet } from './store-sheets'

export interface ExportSource {
  /** The latest result of every line in every store: store by store in the lookup's order, lines in input order. */
  readonly results: readonly LineResult[]
  readonly itemType: ItemType
  readonly carriedColumns: readonly string[]
  /** The lookup's stores, in its order. */
  readonly stores: readonly number[]
  /** Input lines of the lookup (each is looked up in every store). */
  readonly lines: number
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

/** A store and line pair as one key: the rows of a lookup over several stores are pairs. */
export function pairKey(storeNbr: number, line: number): string {
  return `${storeNbr}:${line}`
}

/**
 * The chosen rows, in the order asked; pairs the job does not have and location rows past a line's
 * last are left out. A row without a store is the lookup's first (a lookup of one store).
 */
function chosenRows(
  view: ResultView,
  rows: ExportRows | null,
  factsByPair: ReadonlyMap<string, LineFacts>,
  firstStore: number
): SheetRow[] {
  if (rows === null) {
    const all = [...factsByPair.values()]
    return view === 'items' ? all.map((facts) => ({ facts, location: -1 })) : all.flatMap(locationRowsOf)
  }
  const chosen: SheetRow[] = []
  const lines = rows.lines ?? []
  lines.forEach((line, index) => {
    const facts = factsByPair.get(pairKey(rows.stores?.[index] ?? firstStore, line))
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

/** Items or Locations: a row per store and line, or per location row of each. */
function lineSheets(source: ExportSource, spec: ExportViewSpec & { view: ResultView }): ExportSheet[] {
  const factsByPair = new Map<string, LineFacts>()
  for (const result of source.results) factsByPair.set(pairKey(result.storeNbr, result.line), lineFacts(result, spec.lowStockLevel))
  const columns = pickColumns(viewColumns(spec.view, source.carriedColumns, source.stores), spec.columns)
  const rows = chosenRows(spec.view, spec.rows, factsByPair, source.stores[0] ?? 0)
  const first = sheetOf(RESULT_VIEW_LABELS[spec.view], columns, rows, source.itemType)
  if (spec.view === 'locations') return [first]
  const locationRows = rows.flatMap(({ facts }) => locationRowsOf(facts))
  const locations = sheetOf(
    RESULT_VIEW_LABELS.locations,
    viewColumns('locations', source.carriedColumns, source.stores),
    locationRows,
    source.itemType
  )
  return [first, locations]
}

/**
 * The sheets of an export of what the screen shows: the view's rows and columns as the first sheet;
 * an Items export adds a "Locations" sheet with every location row of the same items, in the same
 * order. The Stores, By item and Matrix views are one sheet each; the Matrix's store cells are filled with
 * their stock status's colour.
 */
export function buildExportSheets(source: ExportSource, spec: ExportViewSpec): ExportSheet[] {
  const view = spec.view
  if (isLineView(view)) return lineSheets(source, { ...spec, view })
  const columns = pickColumns(lookupColumns(view, source.carriedColumns, source.stores), spec.columns)
  const facts = source.results.map((result) => lineFacts(result, spec.lowStockLevel))
  const name = LOOKUP_VIEW_LABELS[view]
  switch (view) {
    case 'stores':
      return [storesSheet(name, columns, source.stores, source.lines, facts, spec.rows?.stores ?? null)]
    case 'by-item':
      return [byItemSheet(name, columns, source.stores, facts, source.itemType, spec.rows?.lines ?? null)]
    case 'matrix':
      return [matrixSheet(name, columns, facts, source.itemType, spec.rows?.lines ?? null)]
  }
}

/** Every column of the view in its default order: what the headless command exports. */
export function defaultExportSpec(
  view: LookupView,
  carriedColumns: readonly string[],
  lowStockLevel: number,
  stores: readonly number[] = []
): ExportViewSpec {
  return { view, columns: lookupColumns(view, carriedColumns, stores).map((column) => column.key), rows: null, lowStockLevel }
}
