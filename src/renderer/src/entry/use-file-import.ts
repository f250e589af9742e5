import { useCallback, useState } from 'react'
import type { ImportTable } from '../../../shared/contract'
import { MAX_IMPORT_BYTES } from '../../../shared/contract'
import { callInventory, InventoryCallError } from '../api/inventory-call'
import { linesFromColumn, type InputLine } from '../../../shared/import-lines'
import { describeImport } from './imported-lines'

export type FileImportState =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'choosing-column'; table: ImportTable; column: number }
  | { kind: 'failed'; error: unknown }

export interface ImportedValues {
  fileName: string
  lines: InputLine[]
  description: string
}

/** Reads a file's bytes, lets main parse them, and asks for the column when there is more than one. */
export function useFileImport(onImported: (values: ImportedValues) => void) {
  const [state, setState] = useState<FileImportState>({ kind: 'idle' })

  const finish = useCallback(
    (table: ImportTable, column: number) => {
      const lines = linesFromColumn(table, column)
      onImported({ fileName: table.fileName, lines, description: describeImport(table, column, lines.length) })
      setState({ kind: 'idle' })
    },
    [onImported]
  )

  const readFile = useCallback(
    async (file: File) => {
      if (file.size > MAX_IMPORT_BYTES) {
        setState({
          kind: 'failed',
          error: new InventoryCallError('file_unreadable', `${file.name} is larger than 50 MB; split it into smaller files.`)
        })
        return
      }
      setState({ kind: 'reading', fileName: file.name })
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const table = await callInventory(window.inventory.readImportFile({ fileName: file.name, bytes }))
        if (table.columns.length > 1) setState({ kind: 'choosing-column', table, column: table.suggestedColumn })
        else finish(table, table.columns[0]?.index ?? 0)
      } catch (error) {
        setState({ kind: 'failed', error })
      }
    },
    [finish]
  )

  const chooseColumn = useCallback((column: number) => {
    setState((current) => (current.kind === 'choosing-column' ? { ...current, column } : current))
  }, [])

  const confirmColumn = useCallback(() => {
    if (state.kind === 'choosing-column') finish(state.table, state.column)
  }, [state, finish])

  const reset = useCallback(() => setState({ kind: 'idle' }), [])

  return { state, readFile, chooseColumn, confirmColumn, reset }
}
