import { useCallback, useMemo, useState } from 'react'
import {
  chosenColumns,
  NO_COLUMN_CHOICE,
  withColumnDropped,
  withColumnMoved,
  withColumnShown,
  type ChoosableColumn,
  type ColumnChoice,
  type ColumnChoices,
  type ColumnChoiceView
} from '../../../shared/views/column-choice'
import { useSettings, useUpdateSettings } from '../api/settings-queries'

/**
 * Each view's choice of columns (Columns, or a header dragged), kept in settings so it outlives a
 * restart. A change shows at once; the save follows.
 */
function useColumnChoices() {
  const saved = useSettings().data?.settings.columns
  const { mutate } = useUpdateSettings()
  const [changed, setChanged] = useState<ColumnChoices>({})
  const choiceOf = useCallback(
    (view: ColumnChoiceView): ColumnChoice => changed[view] ?? saved?.[view] ?? NO_COLUMN_CHOICE,
    [changed, saved]
  )
  const choose = useCallback(
    (view: ColumnChoiceView, choice: ColumnChoice) => {
      setChanged((current) => ({ ...current, [view]: choice }))
      mutate({ columns: { [view]: choice } })
    },
    [mutate]
  )
  return { choiceOf, choose }
}

/**
 * The columns of the view on screen as the person chose them, from `base` (the view's own, in its
 * own order): every one in their order, shown or not (what Columns lists), the ones shown (what the
 * grid shows, a copy holds and an export "as shown" writes), and what Columns and a dragged header change.
 */
export function useChosenColumns<C extends ChoosableColumn>(view: ColumnChoiceView, base: readonly C[]) {
  const { choiceOf, choose } = useColumnChoices()
  const choice = choiceOf(view)
  const columnLines = useMemo(() => chosenColumns(base, choice), [base, choice])
  const columns = useMemo(() => columnLines.flatMap((line) => (line.shown ? [line.column] : [])), [columnLines])
  const showColumn = useCallback(
    (id: string, shown: boolean) => choose(view, withColumnShown(columnLines, choice, id, shown)),
    [columnLines, choice, choose, view]
  )
  const moveColumn = useCallback(
    (id: string, by: number) => choose(view, withColumnMoved(columnLines, choice, id, by)),
    [columnLines, choice, choose, view]
  )
  const resetColumns = useCallback(() => choose(view, NO_COLUMN_CHOICE), [choose, view])
  // The grid names the columns dragged by key; a choice names them by id (a file's column by its header).
  const reorder = useCallback(
    (sourceKey: string, targetKey: string) => {
      const idOf = (key: string) => columnLines.find((line) => line.column.key === key)?.id ?? key
      choose(view, withColumnDropped(columnLines, choice, idOf(sourceKey), idOf(targetKey)))
    },
    [columnLines, choice, choose, view]
  )
  return { columnLines, columns, showColumn, moveColumn, resetColumns, reorder }
}

/** What `useChosenColumns` gives a view: its columns as chosen, and the changes Columns makes. */
export type ChosenColumns<C extends ChoosableColumn> = ReturnType<typeof useChosenColumns<C>>
