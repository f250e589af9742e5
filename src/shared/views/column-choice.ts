import { z } from 'zod'
import { ITEM_NAME_COLUMN } from '../items/item-name-column'

/** The screens whose columns a person chooses, each on its own: the results' five views and Compare. */
export const COLUMN_CHOICE_VIEWS = ['items', 'by-item', 'locations', 'stores', 'matrix', 'compare'] as const
export type ColumnChoiceView = (typeof COLUMN_CHOICE_VIEWS)[number]

/** Columns a choice names at most: a wide file's columns and a Matrix of many stores, with room to spare. */
export const MAX_CHOSEN_COLUMNS = 1_000
const MAX_COLUMN_ID_CHARS = 200

const columnIdsSchema = z.array(z.string().min(1).max(MAX_COLUMN_ID_CHARS)).max(MAX_CHOSEN_COLUMNS)

/**
 * A person's choice of one view's columns: the order they put them in and the ones they hid, by
 * column id (see `columnId`). A column the choice does not name (a file's column first seen later)
 * keeps its default place and is shown.
 */
export const columnChoiceSchema = z.object({ order: columnIdsSchema, hidden: columnIdsSchema })
export type ColumnChoice = z.infer<typeof columnChoiceSchema>

export const columnChoicesSchema = z.object(
  Object.fromEntries(COLUMN_CHOICE_VIEWS.map((view) => [view, columnChoiceSchema.optional()])) as Record<
    ColumnChoiceView,
    z.ZodOptional<typeof columnChoiceSchema>
  >
)
export type ColumnChoices = z.infer<typeof columnChoicesSchema>

export const NO_COLUMN_CHOICE: ColumnChoice = { order: [], hidden: [] }

/** What a column needs to be named in a choice. */
export interface ChoosableColumn {
  readonly key: string
  readonly label: string
  /** Set for an imported file's column: its position among the lookup's carried columns. */
  readonly carried?: number
}

const NAME_ID = 'itemName'

/**
 * A column's id in a remembered choice. A file's column is named by its header, as its position
 * differs from file to file (hiding "Case Pack" hides it in the next file too); Item name is one
 * column whichever file named the items; every other column by its key.
 */
export function columnId(column: ChoosableColumn): string {
  if (column.carried === undefined) return column.key
  return column.label === ITEM_NAME_COLUMN ? NAME_ID : `file:${column.label.toLowerCase()}`
}

/**
 * Each column's id among `columns`. In a lookup's views without names the value as typed (Input)
 * stands where Item name would, so it takes Item name's place in a choice made on a named list, and
 * the reverse. (Compare has a Value column of its own for that.)
 */
function columnIds(columns: readonly ChoosableColumn[]): string[] {
  const ids = columns.map(columnId)
  if (ids.includes(NAME_ID) || ids.includes('value')) return ids
  return ids.map((id) => (id === 'input' ? NAME_ID : id))
}

/** One line of the Columns control: the column, its id and whether it is shown. */
export interface ChosenColumn<C> {
  readonly column: C
  readonly id: string
  readonly shown: boolean
}

/**
 * Every column in the chosen order, each saying whether it is shown. The columns the choice orders
 * take the places such columns have by default, in the choice's order; the others stay where they
 * are by default, so a new column appears where it would without a choice.
 */
export function chosenColumns<C extends ChoosableColumn>(columns: readonly C[], choice: ColumnChoice): ChosenColumn<C>[] {
  const ids = columnIds(columns)
  const lines = columns.map((column, index) => ({ column, id: ids[index] ?? columnId(column) }))
  const rank = new Map(choice.order.map((id, index) => [id, index]))
  const ordered = lines.filter((line) => rank.has(line.id)).sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
  let next = 0
  const hidden = new Set(choice.hidden)
  return lines.map((line) => {
    const placed = rank.has(line.id) ? (ordered[next++] ?? line) : line
    return { ...placed, shown: !hidden.has(placed.id) }
  })
}

/** The columns shown, in the chosen order: what the grid shows and an export writes. */
export function shownColumns<C extends ChoosableColumn>(columns: readonly C[], choice: ColumnChoice): C[] {
  return chosenColumns(columns, choice).flatMap((line) => (line.shown ? [line.column] : []))
}

/** The choice with column `id` shown or hidden; the last shown column cannot be hidden (a view needs one). */
export function withColumnShown<C>(lines: readonly ChosenColumn<C>[], choice: ColumnChoice, id: string, shown: boolean): ColumnChoice {
  const hidden = new Set(choice.hidden)
  if (shown) hidden.delete(id)
  else if (lines.some((line) => line.shown && line.id !== id)) hidden.add(id)
  return { order: lines.map((line) => line.id), hidden: [...hidden] }
}

/** The choice with column `id` moved `by` places (-1: one earlier), kept within the list. */
export function withColumnMoved<C>(lines: readonly ChosenColumn<C>[], choice: ColumnChoice, id: string, by: number): ColumnChoice {
  const order = lines.map((line) => line.id)
  const from = order.indexOf(id)
  if (from < 0) return choice
  const to = Math.max(0, Math.min(order.length - 1, from + by))
  order.splice(to, 0, ...order.splice(from, 1))
  return { order, hidden: choice.hidden }
}

/** The choice with column `sourceId` put where `targetId` is (a header dragged onto another). */
export function withColumnDropped<C>(
  lines: readonly ChosenColumn<C>[],
  choice: ColumnChoice,
  sourceId: string,
  targetId: string
): ColumnChoice {
  const order = lines.map((line) => line.id)
  const to = order.indexOf(targetId)
  if (to < 0) return choice
  return withColumnMoved(lines, choice, sourceId, to - order.indexOf(sourceId))
}
