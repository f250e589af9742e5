import { describe, expect, it } from 'vitest'
import { ITEM_NAME_COLUMN } from '../items/item-name-column'
import { matrixColumns, nameColumnKey, viewColumns } from './view-columns'

const labels = (columns: readonly { label: string }[]) => columns.map((column) => column.label)

describe('the default columns', () => {
  it('put Items as the issue asks: status, the name, the figures, the identifiers, their as-of time, the file, the message', () => {
    expect(labels(viewColumns('items', [ITEM_NAME_COLUMN, 'Case Pack'], [1, 2]))).toEqual([
      'Stock status',
      'Store',
      'Item name',
      'On shelf',
      'Backroom',
      'On hand',
      'On order',
      'In transit',
      'GTIN',
      'Walmart item number',
      'Input',
      'Line',
      'As of',
      'Case Pack',
      'Message'
    ])
    // Without names, the value stands where the name would.
    expect(labels(viewColumns('items', ['Case Pack'])).slice(0, 3)).toEqual(['Stock status', 'Input', 'On shelf'])
    expect(labels(viewColumns('items', ['Case Pack'])).slice(-4)).toEqual(['Line', 'As of', 'Case Pack', 'Message'])
  })

  it('lead the Matrix with the name or the value, which the grid keeps in view', () => {
    expect(nameColumnKey([ITEM_NAME_COLUMN])).toBe('carried:0')
    expect(nameColumnKey(['Description'])).toBe('input')
    expect(labels(matrixColumns([ITEM_NAME_COLUMN], [7, 8])).slice(0, 3)).toEqual(['Item name', 'Line', 'Input'])
    expect(labels(matrixColumns([], [7, 8]))).toEqual([
      'Input',
      'Line',
      'GTIN',
      'Walmart item number',
      'Store 7',
      'Store 8',
      'In-stock rate'
    ])
  })
})
