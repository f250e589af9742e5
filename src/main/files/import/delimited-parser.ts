/** RFC 4180 reading, fed text in pieces so that limits hold while reading, plus delimiter sniffing. Pure. */

export type Delimiter = ',' | ';' | '\t'

export interface ParsedRecord {
  /** 1-based record number: the row a spreadsheet shows for this record, even when a field spans lines. */
  line: number
  cells: string[]
  /** A cell of this record opened a quote that never closed: it was read to the end of its line, the quote kept as a character. */
  unclosedQuote?: true
  /** A quoted cell of this record holds a line break, so the record takes more than one line of the file. */
  spansLines?: true
}

export interface RecordLimits {
  /** Cells one record may have; the next one is refused. */
  maxCells: number
  /** Characters one cell may hold; the next one is refused. */
  maxCellChars: number
}

/** A record broke a limit; `cell` is the 0-based column. Thrown before more of the record is kept. */
export class RecordLimitError extends Error {
  constructor(
    readonly limit: 'cells' | 'cell_chars',
    readonly line: number,
    readonly cell: number
  ) {
    super(`record ${line} broke the ${limit} limit at cell ${cell}`)
    this.name = 'RecordLimitError'
  }
}

export interface DelimitedParser {
  push(text: string): void
  /** Emits the last record, if the text did not end with a line break. */
  end(): void
}

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t']
const QUOTE = 34
const CR = 13
const LF = 10
const NO_LIMITS: RecordLimits = { maxCells: Number.POSITIVE_INFINITY, maxCellChars: Number.POSITIVE_INFINITY }
const LINE_BREAK = /[\r\n]/

const FIELD_START = 0
const UNQUOTED = 1
const QUOTED = 2
/** Inside a quoted field, just after a quote: a second quote is a literal one, anything else closes the field. */
const QUOTE_IN_QUOTED = 3
/** After a CR that ended a record: an LF right after it belongs to the same line break. */
const AFTER_CR = 4
type State = typeof FIELD_START | typeof UNQUOTED | typeof QUOTED | typeof QUOTE_IN_QUOTED | typeof AFTER_CR

/**
 * Splits text into records, one `onRecord` call each, however the text is cut into pieces. Quoted
 * fields may hold the delimiter, doubled quotes and line breaks; a quote anywhere but at the start
 * of a field is a plain character (`12" pizza`); text between a closing quote and the delimiter is
 * kept, as spreadsheets do. A quote that never closes would swallow every line after it: once a
 * quoted field has crossed a line break, reaching the end of the text, a cell's worth of characters,
 * or a "closing" quote with more text after it (the `"` of a later `12" pizza`) means its opening
 * quote was stray. That field is then read again from its quote as plain text, so it ends with its
 * own line, and the record is marked `unclosedQuote`. With no delimiter each line is one value, and a line wrapped in
 * quotes is unwrapped.
 */
export function createDelimitedParser(
  delimiter: Delimiter | null,
  onRecord: (record: ParsedRecord) => void,
  limits: RecordLimits = NO_LIMITS
): DelimitedParser {
  const delim = delimiter === null ? -1 : delimiter.charCodeAt(0)
  const quotes = delimiter !== null
  let state: State = FIELD_START
  let cells: string[] = []
  let field = ''
  let line = 1
  /** Whether anything of the current record has been seen (so `end` knows whether one is open). */
  let open = false
  let unclosedQuote = false
  let spansLines = false
  /**
   * The open quoted field's raw text, from its opening quote, as earlier pieces brought it; with
   * `quoteStart` (where it began in the current piece) it is what is read again if the quote never
   * closes. Bounded by the cell limit: past it, the field is read again or refused.
   */
  let quotedBefore = ''
  let quoteStart = 0
  /** The open quoted field holds a line break. */
  let quotedBreaks = false

  function endField(): void {
    if (cells.length >= limits.maxCells) throw new RecordLimitError('cells', line, cells.length)
    if (!quotes && field.length >= 2 && field.charCodeAt(0) === QUOTE && field.charCodeAt(field.length - 1) === QUOTE) {
      field = field.slice(1, -1).replaceAll('""', '"')
    }
    cells.push(field)
    field = ''
  }

  function endRecord(): void {
    endField()
    const record: ParsedRecord = { line, cells }
    if (unclosedQuote) record.unclosedQuote = true
    if (spansLines) record.spansLines = true
    onRecord(record)
    cells = []
    line += 1
    open = false
    unclosedQuote = false
    spansLines = false
  }

  /** Adds unquoted text to the field, or refuses the character past the cell limit. */
  function addToField(text: string): void {
    if (field.length + text.length > limits.maxCellChars) throw new RecordLimitError('cell_chars', line, cells.length)
    field += text
  }

  /**
   * Adds text inside quotes; false when it would pass the cell limit after the quote crossed a line
   * break, i.e. most likely a quote that never closes: the caller reads the field again as plain text.
   */
  function addQuoted(text: string): boolean {
    const breaks = quotedBreaks || LINE_BREAK.test(text)
    if (field.length + text.length > limits.maxCellChars) {
      if (breaks) return false
      throw new RecordLimitError('cell_chars', line, cells.length)
    }
    field += text
    quotedBreaks = breaks
    return true
  }

  /** The text to read on with: the open quoted field from its quote, as plain text this time. */
  function readQuoteAsText(text: string): string {
    const again = quotedBefore + text.slice(quoteStart)
    quotedBefore = ''
    quoteStart = 0
    quotedBreaks = false
    field = ''
    unclosedQuote = true
    state = UNQUOTED
    return again
  }

  function endsField(code: number): boolean {
    return code === delim || code === LF || code === CR
  }

  function push(piece: string): void {
    let text = piece
    let length = text.length
    let i = 0
    while (i < length) {
      switch (state) {
        case AFTER_CR:
          if (text.charCodeAt(i) === LF) i += 1
          state = FIELD_START
          break
        case FIELD_START:
          open = true
          if (quotes && text.charCodeAt(i) === QUOTE) {
            quoteStart = i
            quotedBefore = ''
            quotedBreaks = false
            i += 1
            state = QUOTED
          } else {
            state = UNQUOTED
          }
          break
        case UNQUOTED: {
          const start = i
          let code = -1
          while (i < length) {
            code = text.charCodeAt(i)
            if (code === delim || code === LF || code === CR) break
            i += 1
          }
          if (i > start) addToField(text.slice(start, i))
          if (i === length) break
          i += 1
          if (code === delim) {
            endField()
            state = FIELD_START
          } else {
            endRecord()
            state = code === CR ? AFTER_CR : FIELD_START
          }
          break
        }
        case QUOTED: {
          const next = text.indexOf('"', i)
          const stop = next === -1 ? length : next
          if (stop > i && !addQuoted(text.slice(i, stop))) {
            text = readQuoteAsText(text)
            length = text.length
            i = 0
            break
          }
          i = stop
          if (next !== -1) {
            i += 1
            state = QUOTE_IN_QUOTED
          }
          break
        }
        case QUOTE_IN_QUOTED:
          if (text.charCodeAt(i) === QUOTE) {
            if (!addQuoted('"')) {
              text = readQuoteAsText(text)
              length = text.length
              i = 0
              break
            }
            i += 1
            state = QUOTED
          } else if (quotedBreaks && !endsField(text.charCodeAt(i))) {
            // A quote in the middle of a later line's field (`12" pizza`) is no closing quote: the opening one was stray.
            text = readQuoteAsText(text)
            length = text.length
            i = 0
          } else {
            if (quotedBreaks) spansLines = true
            state = UNQUOTED
          }
          break
      }
    }
    if (state === QUOTED || state === QUOTE_IN_QUOTED) {
      quotedBefore += text.slice(quoteStart)
      quoteStart = 0
    }
  }

  return {
    push,
    end() {
      // The text ended inside quotes: the quote never closed. Each reading again starts past the last quote read, so this ends.
      while (state === QUOTED) push(readQuoteAsText(''))
      if (state === QUOTE_IN_QUOTED && quotedBreaks) spansLines = true
      if (open || state === UNQUOTED || state === QUOTE_IN_QUOTED) endRecord()
      else if (line === 1 && state === FIELD_START) endRecord()
      state = FIELD_START
    }
  }
}

/** Every record of a text at once, for short texts (sniffing, tests). */
export function parseDelimited(text: string, delimiter: Delimiter | null): ParsedRecord[] {
  const records: ParsedRecord[] = []
  const parser = createDelimitedParser(delimiter, (record) => records.push(record))
  parser.push(text)
  parser.end()
  return records
}

/**
 * The delimiter that splits the first records into the same number (more than one) of fields most
 * consistently; null when none does, i.e. one value per line.
 */
export function sniffDelimiter(sample: string): Delimiter | null {
  let best: Delimiter | null = null
  let bestScore = 0
  for (const delimiter of DELIMITERS) {
    if (!sample.includes(delimiter)) continue
    const records = parseDelimited(sample, delimiter)
      .slice(0, 50)
      .filter((record) => record.cells.some((cell) => cell.trim() !== ''))
    if (records.length === 0) continue
    const counts = new Map<number, number>()
    for (const record of records) counts.set(record.cells.length, (counts.get(record.cells.length) ?? 0) + 1)
    let mode = 1
    let modeCount = 0
    for (const [fields, count] of counts) {
      if (count > modeCount || (count === modeCount && fields > mode)) {
        mode = fields
        modeCount = count
      }
    }
    if (mode < 2) continue
    const score = modeCount / records.length
    if (score > bestScore) {
      best = delimiter
      bestScore = score
    }
  }
  // Below this, the "delimiter" is most likely a comma inside free text.
  return bestScore >= 0.6 ? best : null
}
