import { describe, expect, it } from 'vitest'
import { draftOf, EMPTY_ENTRY, entryLines, entryReducer, entrySource, entryText, hasEntryValues, type EntryState } from './entry-state'
import { textOf } from './list-check'

function typed(text: string): EntryState {
  return entryReducer(EMPTY_ENTRY, { type: 'edit-text', doc: textOf(text) })
}

describe('entry list', () => {
  it('keeps a typed or an imported list as a draft and restores it as it was, an imported one with its file', () => {
    const list = typed('111, 222\n333')
    expect(draftOf(list)).toEqual({ text: '111, 222\n333', importNote: null, lines: null, source: null })
    expect(entryText(entryReducer(EMPTY_ENTRY, { type: 'restore', draft: draftOf(list) }))).toBe('111, 222\n333')

    const lines = [
      { line: 4, input: '111' },
      { line: 9, input: '222' }
    ]
    const fromFile = entryReducer(EMPTY_ENTRY, {
      type: 'import',
      lines,
      note: 'UPC from items.xlsx',
      source: { importId: 'a'.repeat(32), column: 1, nameColumn: 0 }
    })
    const restored = entryReducer(EMPTY_ENTRY, { type: 'restore', draft: draftOf(fromFile) })
    expect(entryLines(restored)).toEqual(lines)
    expect(restored).toMatchObject({ importNote: 'UPC from items.xlsx', source: { importId: 'a'.repeat(32), column: 1, nameColumn: 0 } })
    // A draft saved before drafts named their file comes back as a list without one.
    const older = entryReducer(EMPTY_ENTRY, { type: 'restore', draft: { text: '', importNote: null, lines } })
    expect(older.source).toBeNull()
  })

  it('numbers typed values in order', () => {
    expect(entryLines(typed('111\n222, 333'))).toEqual([
      { line: 1, input: '111' },
      { line: 2, input: '222' },
      { line: 3, input: '333' }
    ])
  })

  it('appends a scan on its own line, whatever the text ended with', () => {
    expect(entryText(entryReducer(typed('111'), { type: 'append', input: ' 222 ' }))).toBe('111\n222')
    expect(entryText(entryReducer(typed('111\n'), { type: 'append', input: '222' }))).toBe('111\n222')
    expect(entryLines(entryReducer(EMPTY_ENTRY, { type: 'append', input: '222' }))).toEqual([{ line: 1, input: '222' }])
    expect(entryText(entryReducer(typed('111'), { type: 'append', input: '   ' }))).toBe('111')
  })

  it('fixes and removes typed values, leaving one value per line numbered as shown', () => {
    const fixed = entryReducer(typed('111, 2x2; 333'), { type: 'replace', line: 2, input: '222' })
    expect(entryText(fixed)).toBe('111\n222\n333')
    const removed = entryReducer(fixed, { type: 'remove', lines: new Set([1]) })
    expect(entryText(removed)).toBe('222\n333')
    expect(entryLines(removed)).toEqual([
      { line: 1, input: '222' },
      { line: 2, input: '333' }
    ])
  })

  it("keeps an imported file's row numbers through fixes, removals and scans", () => {
    const imported = entryReducer(EMPTY_ENTRY, {
      type: 'import',
      lines: [
        { line: 2, input: '111' },
        { line: 5, input: '2x2' },
        { line: 6, input: '333' }
      ],
      note: 'Imported 3 values from a.csv',
      source: { importId: 'import-1', column: 1 }
    })
    expect(entryText(imported)).toBe('111\n2x2\n333')
    const fixed = entryReducer(imported, { type: 'replace', line: 5, input: '222' })
    expect(entryLines(fixed).map((line) => line.line)).toEqual([2, 5, 6])
    const removed = entryReducer(fixed, { type: 'remove', lines: new Set([2]) })
    expect(entryLines(removed)).toEqual([
      { line: 5, input: '222' },
      { line: 6, input: '333' }
    ])
    const scanned = entryReducer(removed, { type: 'append', input: '444' })
    expect(entryLines(scanned).at(-1)).toEqual({ line: 7, input: '444' })
    expect(scanned.importNote).toBe('Imported 3 values from a.csv')
    expect(scanned.source).toEqual({ importId: 'import-1', column: 1 })
  })

  it('turns an imported list back into a typed one when the text is edited', () => {
    const imported = entryReducer(EMPTY_ENTRY, {
      type: 'import',
      lines: [{ line: 9, input: '111' }],
      note: 'x',
      source: { importId: 'i', column: 0 }
    })
    const edited = entryReducer(imported, { type: 'edit-text', doc: textOf('111\n222') })
    expect(edited.importNote).toBeNull()
    expect(edited.source).toBeNull()
    expect(entryLines(edited).map((line) => line.line)).toEqual([1, 2])
  })

  it('gives the list check the text of a typed list and the lines of an imported one', () => {
    expect(entrySource(typed('111 222')).toString()).toBe('111 222')
    const lines = [{ line: 4, input: '111' }]
    expect(entrySource(entryReducer(EMPTY_ENTRY, { type: 'import', lines, note: 'x', source: { importId: 'i', column: 0 } }))).toBe(lines)
  })

  it('tells a list with values from one of separators only', () => {
    expect(hasEntryValues(typed(' ,;\n\t'))).toBe(false)
    expect(hasEntryValues(typed(' ,7'))).toBe(true)
    expect(hasEntryValues(EMPTY_ENTRY)).toBe(false)
  })
})
