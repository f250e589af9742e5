import { describe, expect, it } from 'vitest'
import { createDelimitedParser, parseDelimited, RecordLimitError, type Delimiter, type ParsedRecord } from './delimited-parser'

function inPieces(text: string, delimiter: Delimiter | null, size: number): ParsedRecord[] {
  const records: ParsedRecord[] = []
  const parser = createDelimitedParser(delimiter, (record) => records.push(record))
  for (let start = 0; start < text.length; start += size) parser.push(text.slice(start, start + size))
  parser.end()
  return records
}

const TRICKY = 'gtin,note\r\n00012345678905,"two\r\nlines, and ""quotes"""\r\n"open" tail,x\rlone"quote,y\n\n"unterminated,\r\n'

describe('the delimited parser, fed in pieces', () => {
  it('gives the same records however the text is cut, even inside a CRLF, a doubled quote or a quoted field', () => {
    const whole = parseDelimited(TRICKY, ',')
    expect(whole.map((record) => record.cells)).toEqual([
      ['gtin', 'note'],
      ['00012345678905', 'two\r\nlines, and "quotes"'],
      ['open tail', 'x'],
      ['lone"quote', 'y'],
      [''],
      ['unterminated,\r\n']
    ])
    for (let size = 1; size <= TRICKY.length; size++) expect(inPieces(TRICKY, ',', size), `pieces of ${size}`).toEqual(whole)
  })

  it('reads one value per line without a delimiter, unwrapping quoted lines, however cut', () => {
    const text = '"00012345678905"\r\n0614141000036\n"say ""hi"""\n'
    const whole = parseDelimited(text, null)
    expect(whole.map((record) => record.cells)).toEqual([['00012345678905'], ['0614141000036'], ['say "hi"']])
    for (let size = 1; size <= text.length; size++) expect(inPieces(text, null, size)).toEqual(whole)
  })

  it('refuses the cell after the last allowed one, and the character after the last allowed one, wherever the cut falls', () => {
    const limits = { maxCells: 3, maxCellChars: 5 }
    for (const size of [1, 2, 7, 100]) {
      const wide = createDelimitedParser(',', () => undefined, limits)
      expect(() => {
        for (const piece of 'a,b,c\nd,e,f,g\n'.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? []) wide.push(piece)
      }).toThrow(expect.objectContaining({ limit: 'cells', line: 2, cell: 3 }) as RecordLimitError)
      const long = createDelimitedParser(',', () => undefined, limits)
      expect(() => {
        for (const piece of 'abcde,"abc""d"\nx,abcdef\n'.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? []) long.push(piece)
      }).toThrow(expect.objectContaining({ limit: 'cell_chars', line: 2, cell: 1 }) as RecordLimitError)
    }
  })
})
