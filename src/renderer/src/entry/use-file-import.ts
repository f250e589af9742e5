import { useCallback, useState } from 'react'
import type { ImportColumn, ImportSource, ImportSummary } from '../../../shared/contract'
import { linesOfColumn, type InputLine } from '../../../shared/import-lines'
import { suggestItemNameColumn } from '../../../shared/items/item-name-column'
import { MAX_IMPORT_BYTES, MAX_IMPORT_MB } from '../../../shared/limits'
import { callInventory, InventoryCallError } from '../api/inventory-call'
import { describeImport } from './imported-lines'

export type FileImportState =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  /** `nameColumn`: the column naming the items (null: none); undefined when the list has no names (store numbers). */
  | { kind: 'choosing-column'; summary: ImportSummary; column: number; nameColumn?: number | null }
  | { kind: 'failed'; error: unknown }

export interface ImportedValues {
  fileName: string
  lines: InputLine[]
  description: string
  /** The file and column the lines came from: main carries the file's other columns with each line. */
  source: ImportSource
}

const mainsGuess = (summary: ImportSummary): number => summary.suggestedColumn

/**
 * Hands a file's bytes to main, which reads and keeps the table; asks for the column when there is
 * more than one (`suggest` picks the one offered first: main's guess for values by default), and,
 * with `itemNames`, which column names the items (the suggested one, or none); then takes just the
 * lookup column's cells.
 */
export function useFileImport(
  onImported: (values: ImportedValues) => void,
  suggest: (summary: ImportSummary) => number = mainsGuess,
  options: { itemNames?: boolean } = {}
) {
  const itemNames = options.itemNames === true
  const [state, setState] = useState<FileImportState>({ kind: 'idle' })

  const finish = useCallback(
    async (summary: ImportSummary, column: number, nameColumn: number | null = null) => {
      setState({ kind: 'reading', fileName: summary.fileName })
      try {
        const source: ImportSource = { importId: summary.importId, column, ...(nameColumn === null ? {} : { nameColumn }) }
        const cells: ImportColumn = await callInventory(window.inventory.readImportColumn(source))
        const lines = linesOfColumn(cells)
        onImported({ fileName: summary.fileName, lines, description: describeImport(summary, column, cells), source })
        setState({ kind: 'idle' })
      } catch (error) {
        setState({ kind: 'failed', error })
      }
    },
    [onImported]
  )

  const readFile = useCallback(
    async (file: File) => {
      if (file.size > MAX_IMPORT_BYTES) {
        setState({
          kind: 'failed',
          error: new InventoryCallError(
            'file_unreadable',
            `${file.name} is larger than ${MAX_IMPORT_MB} MB; split it into smaller files and import them one at a time.`
          )
        })
        return
      }
      setState({ kind: 'reading', fileName: file.name })
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const summary = await callInventory(window.inventory.readImportFile({ fileName: file.name, bytes }))
        if (summary.columns.length > 1) {
          const column = suggest(summary)
          setState({
            kind: 'choosing-column',
            summary,
            column,
            ...(itemNames ? { nameColumn: suggestItemNameColumn(summary.columns, column) } : {})
          })
        } else await finish(summary, summary.columns[0]?.index ?? 0)
      } catch (error) {
        setState({ kind: 'failed', error })
      }
    },
    [finish, suggest, itemNames]
  )

  const chooseColumn = useCallback((column: number) => {
    setState((current) => {
      if (current.kind !== 'choosing-column') return current
      // The looked-up column cannot name the items too: the names move to the next best, or none.
      const nameColumn =
        current.nameColumn === undefined || current.nameColumn !== column
          ? current.nameColumn
          : suggestItemNameColumn(current.summary.columns, column)
      return { ...current, column, ...(nameColumn === undefined ? {} : { nameColumn }) }
    })
  }, [])

  const chooseNameColumn = useCallback((nameColumn: number | null) => {
    setState((current) => (current.kind === 'choosing-column' && current.nameColumn !== undefined ? { ...current, nameColumn } : current))
  }, [])

  const confirmColumn = useCallback(() => {
    if (state.kind === 'choosing-column') void finish(state.summary, state.column, state.nameColumn ?? null)
  }, [state, finish])

  const reset = useCallback(() => setState({ kind: 'idle' }), [])

  return { state, readFile, chooseColumn, chooseNameColumn, confirmColumn, reset }
}
