import { describe, expect, it } from 'vitest'
import { exportViewSpec, type ViewState } from './export-view'
import { filterRows, NO_FILTER } from '../grid/row-filter'
import { itemRowsOf } from './result-set'
import { sortRows } from '../grid/row-sort'
import { found, notFound, setOf } from './test-support/line-results'
import { locationRowsOf } from './view-rows'
import { viewColumns } from '../../../shared/views/view-columns'

const set = setOf([found(1, '00041234567893', [5, 1]), notFound, found(2, '00000000000017', [10])])
const columns = viewColumns('items', [])

function state(patch: Partial<ViewState>): ViewState {
  const all = itemRowsOf(set, 3)
  return { view: 'items', columns, lowStockLevel: 3, manyStores: false, all, sorted: all, shown: all, selected: new Set(), ...patch }
}

describe('exportViewSpec', () => {
  it('sends the columns in screen order and "every row" when nothing is sorted or filtered', () => {
    const reordered = [columns[7], columns[0]].filter((column) => column !== undefined)
    expect(exportViewSpec(state({ columns: reordered }), 'shown')).toEqual({
      view: 'items',
      columns: ['gtin', 'status'],
      rows: null,
      lowStockLevel: 3
    })
    expect(exportViewSpec(state({}), 'all').rows).toBeNull()
  })

  it('sends the rows shown in their sorted order, the selection in that order, and all rows sorted', () => {
    const all = itemRowsOf(set, 3)
    const sorted = sortRows(all, [{ columnKey: 'onHand', direction: 'DESC' }], columns)
    const shown = filterRows(sorted, { ...NO_FILTER, columns: { onHand: '>0' } }, columns)
    const current = state({ all, sorted, shown, selected: new Set(['1234:1', '1234:3']) })
    expect(exportViewSpec(current, 'shown').rows).toEqual({ lines: [2, 1] })
    expect(exportViewSpec(current, 'selected').rows).toEqual({ lines: [1, 3] })
    expect(exportViewSpec(current, 'all').rows).toEqual({ lines: [2, 1, 3] })
  })

  it('names each location row of the Locations view by its line and location', () => {
    const all = locationRowsOf(itemRowsOf(set, 3))
    const locationColumns = viewColumns('locations', [])
    const sorted = sortRows(all, [{ columnKey: 'quantity', direction: 'ASC' }], locationColumns)
    const spec = exportViewSpec(state({ view: 'locations', columns: locationColumns, all, sorted, shown: sorted }), 'shown')
    expect(spec.rows).toEqual({ lines: [1, 1, 2, 3], locations: [1, 0, 0, 0] })
  })
})
