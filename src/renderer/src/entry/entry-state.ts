import { Text } from '@codemirror/state'
import { containsValue } from '../../../shared/domain/values'
import type { Draft, ImportSource } from '../../../shared/contract'
import type { InputLine } from '../../../shared/import-lines'
import { linesOfText, textOf, type ListSource } from './list-check'

/**
 * The list to look up. Typed or pasted text is the source of truth and its values are numbered in
 * order (the first value is line 1). An imported column keeps the file's row numbers until the
 * person edits the text, which turns it back into a typed list.
 *
 * A typed list is kept as its text only, in the editor's own form (a tree of lines that an edit
 * shares rather than copies): splitting 200,000 values on every key would stall the window, so the
 * check splits it in a worker and `entryLines` splits it when the lines are needed.
 */
export interface EntryState {
  doc: Text
  /** The imported column's lines with the file's row numbers; null for a typed list. */
  importedLines: readonly InputLine[] | null
  /** Where an imported list came from; null for a typed list. */
  importNote: string | null
  /** The imported file and column, while the lines keep its row numbers: the file's other columns travel with them. */
  source: ImportSource | null
}

export type EntryAction =
  | { type: 'edit-text'; doc: Text }
  | { type: 'append'; input: string }
  | { type: 'replace'; line: number; input: string }
  | { type: 'remove'; lines: ReadonlySet<number> }
  | { type: 'import'; lines: readonly InputLine[]; note: string; source: ImportSource }
  /** The draft kept from before a reload or a restart; an imported list comes back with its file, which main keeps. */
  | { type: 'restore'; draft: Draft }
  | { type: 'clear' }

export const EMPTY_ENTRY: EntryState = { doc: Text.empty, importedLines: null, importNote: null, source: null }

export function entryReducer(state: EntryState, action: EntryAction): EntryState {
  switch (action.type) {
    case 'edit-text':
      return typed(action.doc)
    case 'append': {
      const input = action.input.trim()
      if (input === '') return state
      if (state.importedLines === null) {
        const { doc } = state
        const insert = doc.line(doc.lines).text === '' ? [input] : ['', input]
        return typed(doc.replace(doc.length, doc.length, Text.of(insert)))
      }
      const last = state.importedLines.reduce((max, line) => Math.max(max, line.line), 0)
      return imported([...state.importedLines, { line: last + 1, input }], state)
    }
    case 'replace': {
      const lines = entryLines(state).map((line) => (line.line === action.line ? { line: line.line, input: action.input.trim() } : line))
      return state.importedLines === null ? typed(joinInputs(lines)) : imported(lines, state)
    }
    case 'remove': {
      const lines = entryLines(state).filter((line) => !action.lines.has(line.line))
      return state.importedLines === null ? typed(joinInputs(lines)) : imported(lines, state)
    }
    case 'import':
      return imported(action.lines, { importNote: action.note, source: action.source })
    case 'restore':
      return action.draft.lines === null
        ? typed(textOf(action.draft.text))
        : imported(action.draft.lines, { importNote: action.draft.importNote, source: action.draft.source ?? null })
    case 'clear':
      return EMPTY_ENTRY
  }
}

/** What is kept of the list so that a reload or a restart does not empty it. */
export function draftOf(state: EntryState): Draft {
  return {
    text: state.doc.toString(),
    importNote: state.importNote,
    lines: state.importedLines === null ? null : [...state.importedLines],
    source: state.source
  }
}

let lastSplit: { doc: Text; lines: readonly InputLine[] } = { doc: Text.empty, lines: [] }

/** The list's lines, numbered as the person sees them. */
export function entryLines(state: EntryState): readonly InputLine[] {
  if (state.importedLines !== null) return state.importedLines
  // Run, a fix and a removal may each ask for the same text; split it once.
  if (lastSplit.doc !== state.doc) lastSplit = { doc: state.doc, lines: linesOfText(state.doc.toString()) }
  return lastSplit.lines
}

/** What the list check is given: the text of a typed list, the lines of an imported one. */
export function entrySource(state: EntryState): ListSource {
  return state.importedLines ?? state.doc
}

/** Whether the list has any value at all, without splitting it. */
export function hasEntryValues(state: EntryState): boolean {
  if (state.importedLines !== null) return state.importedLines.length > 0
  for (const line of state.doc.iterLines()) if (containsValue(line)) return true
  return false
}

/** The text as one string; for tests and small lists (the whole text of a long list is a large copy). */
export function entryText(state: EntryState): string {
  return state.doc.toString()
}

function typed(doc: Text): EntryState {
  return { doc, importedLines: null, importNote: null, source: null }
}

function imported(lines: readonly InputLine[], from: Pick<EntryState, 'importNote' | 'source'>): EntryState {
  return { doc: joinInputs(lines), importedLines: lines, importNote: from.importNote, source: from.source }
}

function joinInputs(lines: readonly InputLine[]): Text {
  return textOf(lines.map((line) => line.input).join('\n'))
}
