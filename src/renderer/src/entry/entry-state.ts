import { splitValues } from '../../../shared/domain/values'
import type { ImportSource } from '../../../shared/contract'
import type { InputLine } from '../../../shared/import-lines'

/**
 * The list to look up. Typed or pasted text is the source of truth and its values are numbered in
 * order (the first value is line 1). An imported column keeps the file's row numbers until the
 * person edits the text, which turns it back into a typed list.
 */
export interface EntryState {
  text: string
  lines: readonly InputLine[]
  /** Where an imported list came from; null for a typed list. */
  importNote: string | null
  /** The imported file and column, while the lines keep its row numbers: the file's other columns travel with them. */
  source: ImportSource | null
}

export type EntryAction =
  | { type: 'edit-text'; text: string }
  | { type: 'append'; input: string }
  | { type: 'replace'; line: number; input: string }
  | { type: 'remove'; lines: ReadonlySet<number> }
  | { type: 'import'; lines: readonly InputLine[]; note: string; source: ImportSource }
  | { type: 'clear' }

export const EMPTY_ENTRY: EntryState = { text: '', lines: [], importNote: null, source: null }

export function entryReducer(state: EntryState, action: EntryAction): EntryState {
  switch (action.type) {
    case 'edit-text':
      return typed(action.text)
    case 'append': {
      const input = action.input.trim()
      if (input === '') return state
      if (state.source === null) {
        const separator = state.text === '' || /[\r\n]$/.test(state.text) ? '' : '\n'
        return typed(`${state.text}${separator}${input}`)
      }
      const last = state.lines.reduce((max, line) => Math.max(max, line.line), 0)
      return imported([...state.lines, { line: last + 1, input }], state)
    }
    case 'replace': {
      const lines = state.lines.map((line) => (line.line === action.line ? { line: line.line, input: action.input.trim() } : line))
      return state.source === null ? typed(joinInputs(lines)) : imported(lines, state)
    }
    case 'remove': {
      const lines = state.lines.filter((line) => !action.lines.has(line.line))
      return state.source === null ? typed(joinInputs(lines)) : imported(lines, state)
    }
    case 'import':
      return imported(action.lines, { importNote: action.note, source: action.source })
    case 'clear':
      return EMPTY_ENTRY
  }
}

function typed(text: string): EntryState {
  return { text, lines: splitValues(text).map((input, index) => ({ line: index + 1, input })), importNote: null, source: null }
}

function imported(lines: readonly InputLine[], from: Pick<EntryState, 'importNote' | 'source'>): EntryState {
  return { text: joinInputs(lines), lines, importNote: from.importNote, source: from.source }
}

function joinInputs(lines: readonly InputLine[]): string {
  return lines.map((line) => line.input).join('\n')
}
