import type { CompareRow } from '../compare/compare-lookups'
import { COMPARE_CATEGORY_LABELS } from '../compare/compare-lookups'
import { itemAsOf } from '../domain/as-of'
import type { ItemType } from '../domain/item-type'
import { itemNameIndex } from '../items/item-name-column'
import type { LineResult } from '../domain/line-result'
import { stockBucket } from '../stock/stock-figures'
import { STOCK_STATUS_LABELS } from '../stock/stock-status'
import { lineGtin, lineItemNumber, type LineFacts } from '../views/line-facts'
import { lineMessage } from '../views/line-message'
import { isLookedUp, summarizeStores, type PairFacts } from '../views/store-views'
import type { ItemAcrossStores } from '../views/item-views'
import type { ByItemRow, CompareOutputRow, ItemsRow, LocationsRow, MatrixRow, StoresRow } from './output-document'

/**
 * The rows of the headless command's output for scripts, from the same facts the screen's views are
 * built from (see output-document.ts for what each key means). Texts that came from the input or a
 * server pass through `clean` (the command's redactor) on their way out.
 */
export interface RowContext {
  readonly itemType: ItemType
  /** The input file's other columns, as named in its header. */
  readonly carriedColumns: readonly string[]
  readonly clean: (text: string) => string
}

/** The input file's columns as keys of `file`: a blank name becomes "Column N", a repeated one "Name (2)". */
export function fileColumnNames(carriedColumns: readonly string[]): string[] {
  const taken = new Set<string>()
  return carriedColumns.map((name, index) => {
    const base = name.trim() === '' ? `Column ${index + 1}` : name.trim()
    let key = base
    for (let n = 2; taken.has(key); n += 1) key = `${base} (${n})`
    taken.add(key)
    return key
  })
}

/** Builds rows for one lookup: the file's column names and the item-name column are worked out once. */
export function outputRowBuilder(context: RowContext) {
  const names = fileColumnNames(context.carriedColumns)
  // The import carries the column that names the items first, as "Item name"; -1 when the file had none.
  const nameColumn = itemNameIndex(context.carriedColumns)
  const { itemType, clean } = context
  const nullable = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : clean(value))

  function identity(result: LineResult) {
    return {
      store: result.storeNbr,
      line: result.line,
      input: clean(result.input),
      gtin: nullable(lineGtin(result, itemType)),
      wmItemNumber: nullable(lineItemNumber(result, itemType)),
      itemName: nameColumn === -1 ? null : nullable(result.carried?.[nameColumn]?.trim())
    }
  }

  function file(result: LineResult): Record<string, string> {
    const cells = result.carried ?? []
    const columns: Record<string, string> = {}
    names.forEach((name, index) => (columns[name] = clean(cells[index] ?? '')))
    return columns
  }

  return {
    items({ result, figures, status }: LineFacts): ItemsRow {
      return {
        ...identity(result),
        status,
        statusLabel: STOCK_STATUS_LABELS[status],
        onShelf: figures?.onShelf ?? null,
        backroom: figures?.backroom ?? null,
        onHand: figures?.onHand ?? null,
        onOrder: figures?.onOrder ?? null,
        inTransit: figures?.inTransit ?? null,
        asOf: itemAsOf(result.item),
        message: nullable(lineMessage(result, itemType)),
        file: file(result)
      }
    },

    locations({ result, figures, status }: LineFacts): LocationsRow[] {
      const lead = { ...identity(result), status, statusLabel: STOCK_STATUS_LABELS[status] }
      const tail = {
        onHand: figures?.onHand ?? null,
        asOf: itemAsOf(result.item),
        supplier: nullable(result.item?.supplier_name),
        message: nullable(lineMessage(result, itemType)),
        file: file(result)
      }
      const locations = result.item?.inventory_locations ?? []
      if (locations.length === 0) return [{ ...lead, locationArea: null, locationState: null, quantity: null, countedAs: null, ...tail }]
      return locations.map((location) => ({
        ...lead,
        locationArea: nullable(location.location_area),
        locationState: nullable(location.state),
        quantity: location.quantity,
        countedAs: stockBucket(location),
        ...tail
      }))
    },

    /** A By item row: the value's own cells from the answer that names it best, and its figures across the stores. */
    byItem({ result }: LineFacts, summary: ItemAcrossStores): ByItemRow {
      const { store: _store, ...own } = identity(result)
      return {
        ...own,
        storesFound: summary.storesFound,
        outOfStockIn: summary.outOfStock.length,
        outOfStockStores: [...summary.outOfStock],
        shelfEmptyIn: summary.shelfEmpty.length,
        shelfEmptyStores: [...summary.shelfEmpty],
        notFoundStores: [...summary.notFound],
        failedStores: [...summary.failed],
        lowestOnHand: summary.lowestOnHand,
        totalOnHand: summary.totalOnHand,
        file: file(result)
      }
    },

    /**
     * The Matrix's cells in long form, one per store and looked-up value (invalid and duplicate
     * lines have none); `rateOf` gives a value's in-stock rate across all its stores, by line.
     */
    matrix(facts: readonly LineFacts[], rateOf: (line: number) => number | null): MatrixRow[] {
      return facts
        .filter((one) => isLookedUp(one.status))
        .map(({ result, figures, status }) => ({
          ...identity(result),
          status,
          statusLabel: STOCK_STATUS_LABELS[status],
          onHand: figures?.onHand ?? null,
          itemInStockRate: rateOf(result.line),
          file: file(result)
        }))
    }
  }
}

/** The Stores view's rows for scripts: the same tallies, the in-stock rate as a fraction of the unrounded counts. */
export function storesRows(stores: readonly number[], valuesPerStore: number, pairs: Iterable<PairFacts>): StoresRow[] {
  return summarizeStores(stores, valuesPerStore, pairs).map((summary) => ({
    store: summary.storeNbr,
    progress: summary.state,
    valuesFound: summary.valuesFound,
    outOfStock: summary.outOfStock,
    shelfEmpty: summary.shelfEmpty,
    lowStock: summary.lowStock,
    notFound: summary.notFound,
    failed: summary.failed,
    cancelled: summary.cancelled,
    // Found with On hand above zero is found and not out of stock.
    inStockRate: summary.valuesFound === 0 ? null : (summary.valuesFound - summary.outOfStock) / summary.valuesFound
  }))
}

export function compareOutputRow(row: CompareRow, clean: (text: string) => string): CompareOutputRow {
  const side = (one: CompareRow['then']) =>
    one === null
      ? null
      : { line: one.line, input: clean(one.input), status: one.status, statusLabel: STOCK_STATUS_LABELS[one.status], onHand: one.onHand }
  return {
    store: row.store,
    value: clean(row.value),
    change: row.change,
    comparison: row.category,
    comparisonLabel: COMPARE_CATEGORY_LABELS[row.category],
    then: side(row.then),
    now: side(row.now)
  }
}
