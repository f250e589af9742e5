import { ChangeSet, Text } from '@codemirror/state'
import type { ItemType } from '../../../shared/domain/item-type'
import { splitValues, summarizeValidation, validateLines, type ValidatedLine, type ValidationSummary } from '../../../shared/domain/values'
import type { InputLine } from '../../../shared/import-lines'
import { GROUPS, groupOf, type CheckedLine, type GroupId } from './validation-groups'

/**
 * The check of the list being entered, made off the window's main thread (list-check.worker.ts):
 * splitting and validating 200,000 values takes longer than a frame, and the person keeps typing.
 * What comes back is small whatever the list's size: counts, the first lines of each group, and the
 * line numbers the bulk fixes need.
 */

/** Lines each group lists; fixing thousands of values by hand is not the way anyway. */
export const MAX_LISTED = 200

/** A typed or pasted list is its text (the editor's document); an imported one keeps the file's row numbers. */
export type ListSource = Text | readonly InputLine[]

/** A change to a typed list's text, in the positions of the text before it: what a key press sends. */
export interface TextChange {
  from: number
  to: number
  insert: string
}

export interface ListCheck {
  summary: ValidationSummary
  /** The first MAX_LISTED lines of each group; `summary` has the full counts. */
  listed: Record<GroupId, CheckedLine[]>
  invalidLines: number[]
  duplicateLines: number[]
}

export type CheckRequest =
  | { type: 'list'; version: number; list: string | readonly InputLine[]; itemType: ItemType }
  | { type: 'edit'; version: number; changes: readonly TextChange[] }
  | { type: 'find'; id: number; input: string }

/** A scan compared with the list: the line that already holds it, and how many values the list has. */
export interface ScanMatch {
  sameAs: number | null
  count: number
}

export type CheckReply = { type: 'checked'; version: number; check: ListCheck } | ({ type: 'found'; id: number } & ScanMatch)

/** The values of a typed text, numbered in order (the first value is line 1). */
export function linesOfText(text: string): InputLine[] {
  return splitValues(text).map((input, index) => ({ line: index + 1, input }))
}

/** A text as the editor holds it, split into lines the way the editor splits them. */
export function textOf(text: string): Text {
  return Text.of(text.split(/\r\n?|\n/))
}

export function checkValidated(validated: readonly ValidatedLine[]): ListCheck {
  const listed = Object.fromEntries(GROUPS.map((group) => [group.id, []])) as unknown as Record<GroupId, CheckedLine[]>
  const invalidLines: number[] = []
  const duplicateLines: number[] = []
  for (const entry of validated) {
    if (entry.kind === 'invalid') invalidLines.push(entry.line)
    else if (entry.kind === 'duplicate') duplicateLines.push(entry.line)
    const checked = toCheckedLine(entry)
    for (const id of groupOf(checked)) {
      const lines = listed[id]
      if (lines.length < MAX_LISTED) lines.push(checked)
    }
  }
  return { summary: summarizeValidation(validated), listed, invalidLines, duplicateLines }
}

export function toCheckedLine(validated: ValidatedLine): CheckedLine {
  switch (validated.kind) {
    case 'valid':
      return { line: validated.line, input: validated.input, value: validated.value, status: 'valid', note: validated.note }
    case 'invalid':
      return {
        line: validated.line,
        input: validated.input,
        value: null,
        status: 'invalid',
        invalidReason: validated.reason,
        note: validated.message
      }
    case 'duplicate':
      return {
        line: validated.line,
        input: validated.input,
        value: validated.value,
        status: 'duplicate',
        duplicateOf: validated.duplicateOf
      }
  }
}

/**
 * Answers check and find requests in order. Lists and edits are taken at once (an edit is small);
 * their check waits for `flush`, so several keys typed while a check runs lead to one check of the
 * newest text. A find is answered against the newest list, so a scan is compared with every value
 * entered before it.
 */
export function createCheckSession(reply: (message: CheckReply) => void) {
  let list: Text | readonly InputLine[] = Text.empty
  let itemType: ItemType = 'gtin'
  let waiting: number | null = null
  let checked: { validated: ValidatedLine[]; firstLineOf: Map<string, number> | null } | null = null

  function flush(): void {
    if (waiting === null) return
    const version = waiting
    waiting = null
    const validated = validateLines(list instanceof Text ? linesOfText(list.toString()) : list, itemType)
    checked = { validated, firstLineOf: null }
    reply({ type: 'checked', version, check: checkValidated(validated) })
  }

  function find(input: string): ScanMatch {
    flush()
    if (checked === null) return { sameAs: null, count: 0 }
    // Built on the first scan only: most lists are never scanned into.
    checked.firstLineOf ??= firstLines(checked.validated)
    const [probe] = validateLines([{ line: 1, input }], itemType)
    const sameAs = checked.firstLineOf.get(probe === undefined ? input.trim() : keyOf(probe)) ?? null
    return { sameAs, count: checked.validated.length }
  }

  return {
    /** True when the request leaves a check waiting for `flush` that was not waiting before. */
    receive(request: CheckRequest): boolean {
      if (request.type === 'find') {
        reply({ type: 'found', id: request.id, ...find(request.input) })
        return false
      }
      if (request.type === 'list') {
        list = typeof request.list === 'string' ? textOf(request.list) : request.list
        itemType = request.itemType
      } else {
        if (!(list instanceof Text))
          throw new Error('An edit arrived for an imported list; the renderer sends the whole text after an import.')
        list = ChangeSet.of(request.changes as TextChange[], list.length).apply(list)
      }
      const scheduled = waiting !== null
      waiting = request.version
      return !scheduled
    },
    flush
  }
}
function keyOf(line: ValidatedLine): string {
  return line.kind === 'invalid' ? line.input.trim() : line.value
}

function firstLines(validated: readonly ValidatedLine[]): Map<string, number> {
  const firstLineOf = new Map<string, number>()
  for (const line of validated) {
    const key = keyOf(line)
    if (!firstLineOf.has(key)) firstLineOf.set(key, line.line)
  }
  return firstLineOf
}
