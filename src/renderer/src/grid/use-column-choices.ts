import { useCallback, useState } from 'react'
import { NO_COLUMN_CHOICE, type ColumnChoice, type ColumnChoices, type ColumnChoiceView } from '../../../shared/views/column-choice'
import { useSettings, useUpdateSettings } from '../api/settings-queries'

/**
 * Each view's choice of columns (Columns, or a header dragged), kept in settings so it outlives a
 * restart. A change shows at once; the save follows.
 */
export function useColumnChoices() {
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
