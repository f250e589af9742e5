import { describe, expect, it } from 'vitest'
import { createDelimitedParser, parseDelimited, RecordLimitError, type Delimiter, type ParsedRecord } from './delimited-parser'

function inPieces(
  text: string,
  delimiter: Delimiter | null,
  size: number,
  limits?: { maxCells: number; maxCellChars: number }
): ParsedRecord[] {
  const records: ParsedRecord[] = []
  const parser = createDelimitedParser(delimiter, (record) => records.push(record), limits)
  for (let start = 0; start < text.length; start += size) parser.push(text.slice(start, start + size))
  parser.end()
  return records
}

const cellsOf = (records: ParsedRecord[]) => records.map((record) => record.cells)

const TRICKY = 'gtin,note\r\n00012345678905,"two\r\nlines, and ""quotes"""\r\n"open" tail,x\rlone"quote,y\n\n"unterminated,\r\n'

describe('the delimited parser, fed in pieces', () => {
  it('gives the same records however the text is cut, even inside a CRLF, a doubled quote or a quoted field', () => {
    const whole = parseDelimited(TRICKY, ',')
    expect(whole).toEqual([
      { line: 1, cells: ['gtin', 'note'] },
      { line: 2, cells: ['00012345678905', 'two\r\nlines, and "quotes"'], spansLines: true },
      { line: 3, cells: ['open tail', 'x'] },
      { line: 4, cells: ['lone"quote', 'y'] },
      { line: 5, cells: [''] },
      { line: 6, cells: ['"unterminated', ''], unclosedQuote: true }
    ])
    for (let size = 1; size <= TRICKY.length; size++) expect(inPieces(TRICKY, ',', size), `pieces of ${size}`).toEqual(whole)
  })

  it('reads one value per line without a delimiter, unwrapping quoted lines, however cut', () => {
    const text = '"00012345678905"\r\n0614141000036\n"say ""hi"""\n'
    const whole = parseDelimited(text, null)
    expect(cellsOf(whole)).toEqual([['00012345678905'], ['0614141000036'], ['say "hi"']])
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

describe('stray quotes', () => {
  it('keeps a quote that is not at the start of a field as a character, in CSV and TSV', () => {
    expect(parseDelimited('00012345678905,12" pizza,4\n', ',')).toEqual([{ line: 1, cells: ['00012345678905', '12" pizza', '4'] }])
    expect(parseDelimited('00012345678905\t12" pizza\t4\n', '\t')).toEqual([{ line: 1, cells: ['00012345678905', '12" pizza', '4'] }])
  })

  it('reads a quote that never closes to the end of its line, keeps every later line, and marks that row, however cut', () => {
    const lines = Array.from({ length: 2000 }, (_, index) => `0001234567${String(index).padStart(4, '0')},fine`)
    const text = `gtin,note\n00012345678905,"open quote,5\n${lines.join('\n')}\n`
    const whole = parseDelimited(text, ',')
    expect(whole).toHaveLength(2002)
    expect(whole[1]).toEqual({ line: 2, cells: ['00012345678905', '"open quote', '5'], unclosedQuote: true })
    expect(whole[2]).toEqual({ line: 3, cells: ['00012345670000', 'fine'] })
    expect(whole.at(-1)).toEqual({ line: 2002, cells: ['00012345671999', 'fine'] })
    expect(whole.filter((record) => record.unclosedQuote === true)).toHaveLength(1)
    for (const size of [1, 3, 17, 4096]) expect(inPieces(text, ',', size), `pieces of ${size}`).toEqual(whole)
  })

  it("takes a later line's quote in the middle of a field for what it is, not the close of a stray quote", () => {
    const text = 'GTIN,Note\n1,"12 inch pizza\n2,12" pizza\n3,"two\nlines",x\n'
    const whole = parseDelimited(text, ',')
    expect(whole).toEqual([
      { line: 1, cells: ['GTIN', 'Note'] },
      { line: 2, cells: ['1', '"12 inch pizza'], unclosedQuote: true },
      { line: 3, cells: ['2', '12" pizza'] },
      { line: 4, cells: ['3', 'two\nlines', 'x'], spansLines: true }
    ])
    for (let size = 1; size <= text.length; size++) expect(inPieces(text, ',', size), `pieces of ${size}`).toEqual(whole)
  })

  it('reads a quote on the last line, with or without a line break after it, as text', () => {
    expect(parseDelimited('a,b\n"c,d', ',')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['"c', 'd'], unclosedQuote: true }
    ])
    expect(parseDelimited('"c\r\n', '\t')).toEqual([{ line: 1, cells: ['"c'], unclosedQuote: true }])
  })

  it('stops a quote that crossed a line break at the cell limit, reads it again as text, and goes on with the quotes after it', () => {
    const limits = { maxCells: 10, maxCellChars: 50 }
    const filler = Array.from({ length: 20 }, (_, index) => `${index},x`).join('\n')
    const text = `1,"oops\n${filler}\n"quoted, with a comma",y\n`
    for (const size of [1, 5, 64, 10_000]) {
      const records = inPieces(text, ',', size, limits)
      expect(records[0], `pieces of ${size}`).toEqual({ line: 1, cells: ['1', '"oops'], unclosedQuote: true })
      expect(records).toHaveLength(22)
      expect(records.at(-1)).toEqual({ line: 22, cells: ['quoted, with a comma', 'y'] })
    }
  })

  it('still refuses a quoted cell on one line that is longer than the limit', () => {
    const parser = createDelimitedParser(',', () => undefined, { maxCells: 10, maxCellChars: 5 })
    expect(() => parser.push('"abcdefgh",x\n')).toThrow(
      expect.objectContaining({ limit: 'cell_chars', line: 1, cell: 0 }) as RecordLimitError
    )
  })

  it('reads the doubled quotes after a quote that never closes as the quoted fields they start', () => {
    const text = '"a\n"""",b\n'
    expect(parseDelimited(text, ',')).toEqual([
      { line: 1, cells: ['"a'], unclosedQuote: true },
      { line: 2, cells: ['"', 'b'] }
    ])
    for (let size = 1; size <= text.length; size++) expect(inPieces(text, ',', size)).toEqual(parseDelimited(text, ','))
  })

  it('marks a record whose quoted cell holds a line break, and only that one', () => {
    expect(parseDelimited('a,"two\nlines"\nb,one\n', ',')).toEqual([
      { line: 1, cells: ['a', 'two\nlines'], spansLines: true },
      { line: 2, cells: ['b', 'one'] }
    ])
  })
})
