import type { GridLayout } from '../grid/grid-columns'

/**
 * Widths that let the Items view show all its own columns at 1366 px wide with the detail panel
 * closed; the file's own columns come after the identifiers and may scroll sideways.
 */
const WIDTHS: Readonly<Record<string, number | string>> = {
  status: 262,
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
  inStockRate: 110
}

/** The results' views: the status, the store and the line stay in view when scrolling sideways. */
export const RESULTS_LAYOUT: GridLayout = { widths: WIDTHS, frozen: new Set(['status', 'store', 'line']) }
