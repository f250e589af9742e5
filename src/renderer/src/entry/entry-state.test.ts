import { describe, expect, it } from 'vitest'
import { EMPTY_ENTRY, entryReducer, type EntryState } from './entry-state'

function typed(text: string): EntryState {
  return entryReducer(EMPTY_ENTRY, { type: 'edit-text', text })
}

describe('entry list', () => {
  it('numbers typed values in order', () => {
    expect(typed('111\n222, 333').lines).toEqual([
      { line: 1, input: '111' },
      { line: 2, input: '222' },
      { line: 3, input: '333' }
    ])
  })

  it('appends a scan on its own line, whatever the text ended with', () => {
    expect(entryReducer(typed('111'), { type: 'append', input: ' 222 ' }).text).toBe('111\n222')
    expect(entryReducer(typed('111\n'), { type: 'append', input: '222' }).text).toBe('111\n222')
    expect(entryReducer(EMPTY_ENTRY, { type: 'append', input: '222' }).lines).toEqual([{ line: 1, input: '222' }])
    expect(entryReducer(typed('111'), { type: 'append', input: '   ' }).text).toBe('111')
  })

  it('fixes and removes typed values, leaving one value per line numbered as shown', () => {
    const fixed = entryReducer(typed('111, 2x2; 333'), { type: 'replace', line: 2, input: '222' })
    expect(fixed.text).toBe('111\n222\n333')
    const removed = entryReducer(fixed, { type: 'remove', lines: new Set([1]) })
    expect(removed.text).toBe('222\n333')
    expect(removed.lines).toEqual([
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
    expect(imported.text).toBe('111\n2x2\n333')
    const fixed = entryReducer(imported, { type: 'replace', line: 5, input: '222' })
    expect(fixed.lines.map((line) => line.line)).toEqual([2, 5, 6])
    const removed = entryReducer(fixed, { type: 'remove', lines: new Set([2]) })
    expect(removed.lines).toEqual([
      { line: 5, input: '222' },
      { line: 6, input: '333' }
    ])
    const scanned = entryReducer(removed, { type: 'append', input: '444' })
    expect(scanned.lines.at(-1)).toEqual({ line: 7, input: '444' })
    expect(scanned.importNote).toBe('Imported 3 values from a.csv')
    expect(scanned.source).toEqual({ importId: 'import-1', column: 1 })
  })

  it('turns an imported list back into a typed one when the text is edited', () => {
    const imported = entryReducer(EMPTY_ENTRY, { type: 'import', lines: [{ line: 9, input: '111' }], note: 'x', source: { importId: 'i', column: 0 } })
    const edited = entryReducer(imported, { type: 'edit-text', text: '111\n222' })
    expect(edited.importNote).toBeNull()
    expect(edited.source).toBeNull()
    expect(edited.lines.map((line) => line.line)).toEqual([1, 2])
  })
})
