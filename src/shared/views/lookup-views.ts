import {
  byItemColumns,
  matrixColumns,
  RESULT_VIEW_LABELS,
  RESULT_VIEWS,
  storesViewColumns,
  viewColumns,
  type ResultView,
  type ViewColumn
} from './view-columns'

/**
 * Every view of a lookup's results: the two with a row per line (Items, Locations) and, for a
 * lookup of several stores, a row per item across the stores (By item), a row per store (Stores)
 * and a row per value with a column per store (Matrix). Screen, export and the headless `--view`
 * name them alike.
 */
export const LOOKUP_VIEWS = ['items', 'by-item', 'locations', 'stores', 'matrix'] as const
export type LookupView = (typeof LOOKUP_VIEWS)[number]

export const LOOKUP_VIEW_LABELS: Readonly<Record<LookupView, string>> = {
  ...RESULT_VIEW_LABELS,
  'by-item': 'By item',
  stores: 'Stores',
  matrix: 'Matrix'
}

export function isLineView(view: LookupView): view is ResultView {
  return view === 'items' || view === 'locations'
}

/** The views a lookup of `storeCount` stores offers: one store has nothing to compare across stores. */
export function viewsFor(storeCount: number): readonly LookupView[] {
  return storeCount > 1 ? LOOKUP_VIEWS : RESULT_VIEWS
}

/** Any view's columns in their default order. */
export function lookupColumns(view: LookupView, carriedColumns: readonly string[], stores: readonly number[]): ViewColumn[] {
  switch (view) {
    case 'stores':
      return storesViewColumns()
    case 'matrix':
      return matrixColumns(carriedColumns, stores)
    case 'by-item':
      return byItemColumns(carriedColumns)
    default:
      return viewColumns(view, carriedColumns, stores)
  }
}
