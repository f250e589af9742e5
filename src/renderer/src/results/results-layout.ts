import type { LookupView } from '../../../shared/views/lookup-views'
import { nameColumnKey } from '../../../shared/views/view-columns'
import type { GridLayout } from '../grid/grid-columns'

/** The item's name: room for most names, the rest clipped (the detail panel has the whole name). */
const NAME_WIDTH = 240

/**
 * Widths that let the Items view show the status, the item's name and On shelf, Backroom and On hand
 * at 1366 px wide (with the detail panel open, or a Store column, too); what comes after them may
 * scroll sideways. The status is as wide as its longest label, "Shelf empty, backroom has stock".
 */
const WIDTHS: Readonly<Record<string, number | string>> = {
  status: 232,
  store: 72,
  line: 60,
  input: 132,
  gtin: 132,
  wmItemNumber: 116,
  onShelf: 74,
  backroom: 88,
  onHand: 74,
  onOrder: 74,
  inTransit: 74,
  asOf: 184,
  locationArea: 110,
  state: 100,
  quantity: 82,
  countedAs: 100,
  supplier: 170,
  message: 'minmax(150px, auto)',
  storeState: 110,
  valuesFound: 100,
  outOfStock: 100,
  shelfEmpty: 150,
  lowStock: 90,
  notFound: 90,
  failed: 74,
  inStockRate: 110,
  outOfStockIn: 124,
  shelfEmptyIn: 110,
  storesConcerned: 220,
  lowestOnHand: 110,
  totalOnHand: 104,
  notFoundIn: 96,
  failedIn: 80
}

/**
 * A view's layout. Items: the status, the store and the item's name (or its value when the list has
 * no names) stay in view when scrolling sideways; the Matrix keeps the name beside its stores, and
 * By item beside its figures;
 * Locations and Stores keep the status, the store and the line.
 */
export function resultsLayout(view: LookupView, carriedColumns: readonly string[]): GridLayout {
  const name = nameColumnKey(carriedColumns)
  const widths = name === 'input' ? WIDTHS : { ...WIDTHS, [name]: NAME_WIDTH }
  switch (view) {
    case 'items':
      return { widths, frozen: new Set(['status', 'store', name]) }
    case 'matrix':
    case 'by-item':
      return { widths, frozen: new Set([name]) }
    default:
      return { widths, frozen: new Set(['status', 'store', 'line']) }
  }
}
