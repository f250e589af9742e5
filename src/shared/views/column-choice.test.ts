import { describe, expect, it } from 'vitest'
import { ITEM_NAME_COLUMN } from '../items/item-name-column'
import {
  chosenColumns,
  columnChoicesSchema,
  columnId,
  NO_COLUMN_CHOICE,
  shownColumns,
  withColumnDropped,
  withColumnMoved,
  withColumnShown
} from './column-choice'
import { viewColumns } from './view-columns'

const labels = (columns: readonly { label: string }[]) => columns.map((column) => column.label)

describe('a choice of columns', () => {
  const columns = viewColumns('items', [ITEM_NAME_COLUMN, 'Case Pack', 'Supplier Item #'])

  it('names a file column by its header, Item name as one column, and every other by its key', () => {
    expect(columns.map(columnId).slice(0, 3)).toEqual(['status', 'itemName', 'onShelf'])
    expect(columns.map(columnId)).toContain('file:case pack')
  })

  it('shows every column in the default order when nothing was chosen', () => {
    expect(shownColumns(columns, NO_COLUMN_CHOICE)).toEqual(columns)
  })

  it('hides and moves columns, and keeps the last one shown', () => {
    let choice = NO_COLUMN_CHOICE
    choice = withColumnShown(chosenColumns(columns, choice), choice, 'file:case pack', false)
    choice = withColumnMoved(chosenColumns(columns, choice), choice, 'gtin', -10)
    choice = withColumnMoved(chosenColumns(columns, choice), choice, 'message', 1)
    const shown = labels(shownColumns(columns, choice))
    expect(shown.slice(0, 3)).toEqual(['GTIN', 'Stock status', 'Item name'])
    expect(shown).not.toContain('Case Pack')
    expect(shown.at(-1)).toBe('Message')
    expect(chosenColumns(columns, choice).find((line) => line.id === 'file:case pack')?.shown).toBe(false)

    const one = viewColumns('items', []).slice(0, 2)
    let last = withColumnShown(chosenColumns(one, NO_COLUMN_CHOICE), NO_COLUMN_CHOICE, 'status', false)
    last = withColumnShown(chosenColumns(one, last), last, 'itemName', false)
    expect(labels(shownColumns(one, last))).toEqual(['Input'])
  })

  it('puts a dragged column where it was dropped', () => {
    const choice = withColumnDropped(chosenColumns(columns, NO_COLUMN_CHOICE), NO_COLUMN_CHOICE, 'line', 'itemName')
    expect(labels(shownColumns(columns, choice)).slice(0, 3)).toEqual(['Stock status', 'Line', 'Item name'])
  })

  it("applies to another lookup's columns: the file's columns by header, a new column in its default place", () => {
    let choice = NO_COLUMN_CHOICE
    choice = withColumnShown(chosenColumns(columns, choice), choice, 'file:supplier item #', false)
    choice = withColumnMoved(chosenColumns(columns, choice), choice, 'line', -20)
    // Another file, without names: Supplier Item # is now the first of its columns, and Pallet is new;
    // the value stands where the name stood.
    const other = viewColumns('items', ['Supplier Item #', 'Pallet'])
    expect(labels(shownColumns(other, choice))).toEqual([
      'Line',
      'Stock status',
      'Input',
      'On shelf',
      'Backroom',
      'On hand',
      'On order',
      'In transit',
      'GTIN',
      'Walmart item number',
      'As of',
      'Pallet',
      'Message'
    ])
  })

  it('is read back from settings only when it is well formed and bounded', () => {
    expect(columnChoicesSchema.safeParse({ items: { order: ['line'], hidden: [] } }).success).toBe(true)
    expect(columnChoicesSchema.safeParse({ items: { order: 'line', hidden: [] } }).success).toBe(false)
    expect(columnChoicesSchema.safeParse({ items: { order: ['x'.repeat(201)], hidden: [] } }).success).toBe(false)
    expect(columnChoicesSchema.safeParse({ items: { order: Array.from({ length: 1_001 }, () => 'a'), hidden: [] } }).success).toBe(false)
  })
})
