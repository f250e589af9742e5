/** RFC 4180 reading, fed text in pieces so that limits hold while reading, plus delimiter sniffing. Pure. */

export type Delimiter = ',' | ';' | '\t'

export interface ParsedRecord {
  /** 1-based record number: the row a spreadsheet shows for this record, even when a field spans lines. */
  line: number
  cells: string[]
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
 * fields may hold the delimiter, doubled quotes and line breaks; a stray quote inside an unquoted
 * field is kept as text; text between a closing quote and the delimiter is kept, as spreadsheets do.
 * With no delimiter each line is one value, and a line wrapped in quotes is unwrapped.
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

  function addToField(text: string): void {
    if (field.length + text.length > limits.maxCellChars) throw new RecordLimitError('cell_chars', line, cells.length)
    field += text
  }

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
    onRecord({ line, cells })
    cells = []
    line += 1
    open = false
  }

  function push(text: string): void {
    const length = text.length
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
          if (stop > i) addToField(text.slice(i, stop))
          i = stop
          if (next !== -1) {
            i += 1
            state = QUOTE_IN_QUOTED
          }
          break
        }
        case QUOTE_IN_QUOTED:
          if (text.charCodeAt(i) === QUOTE) {
            addToField('"')
            i += 1
            state = QUOTED
          } else {
            state = UNQUOTED
          }
          break
      }
    }
  }

  return {
    push,
    end() {
      if (open || state === UNQUOTED || state === QUOTED || state === QUOTE_IN_QUOTED) endRecord()
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
