/** RFC 4180 reading and writing, plus guessing which delimiter a file uses. Pure. */

export type Delimiter = ',' | ';' | '\t'

export interface ParsedRecord {
  /** 1-based record number: the row a spreadsheet shows for this record, even when a field spans lines. */
  line: number
  cells: string[]
}

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t']
const QUOTE = 34
const CR = 13
const LF = 10

/**
 * Splits text into records. Quoted fields may hold the delimiter, doubled quotes and line breaks;
 * a stray quote inside an unquoted field is kept as text rather than failing the whole file.
 */
export function parseDelimited(text: string, delimiter: Delimiter | null): ParsedRecord[] {
  const records: ParsedRecord[] = []
  const delim = delimiter === null ? -1 : delimiter.charCodeAt(0)
  const length = text.length
  let cells: string[] = []
  let line = 1
  let i = 0

  while (i <= length) {
    let field: string
    if (i < length && text.charCodeAt(i) === QUOTE && delimiter !== null) {
      let value = ''
      let start = i + 1
      i = start
      for (;;) {
        const next = text.indexOf('"', i)
        if (next === -1) {
          value += text.slice(start)
          i = length
          break
        }
        if (text.charCodeAt(next + 1) === QUOTE) {
          value += text.slice(start, next + 1)
          i = next + 2
          start = i
          continue
        }
        value += text.slice(start, next)
        i = next + 1
        break
      }
      // Anything between the closing quote and the delimiter is kept, as spreadsheets do.
      const rest = scanUnquoted(text, i, delim)
      field = value + text.slice(i, rest)
      i = rest
    } else {
      const end = scanUnquoted(text, i, delim)
      field = text.slice(i, end)
      // One value per line, as some systems export it: "00012345678905"
      if (delimiter === null && field.length >= 2 && field.startsWith('"') && field.endsWith('"')) {
        field = field.slice(1, -1).replaceAll('""', '"')
      }
      i = end
    }
    cells.push(field)

    if (i < length && text.charCodeAt(i) === delim) {
      i += 1
      continue
    }
    records.push({ line, cells })
    cells = []
    line += 1
    if (i >= length) break
    if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i += 2
    else i += 1
    if (i >= length) break
  }
  return records
}

function scanUnquoted(text: string, from: number, delim: number): number {
  let i = from
  const length = text.length
  while (i < length) {
    const code = text.charCodeAt(i)
    if (code === delim || code === LF || code === CR) return i
    i += 1
  }
  return i
}

/**
 * The delimiter that splits the first records into the same number (more than one) of fields most
 * consistently; null when none does, i.e. one value per line.
 */
export function sniffDelimiter(text: string): Delimiter | null {
  const sample = text.slice(0, 64 * 1024)
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

/** One CSV field: quoted only when it holds a quote, the delimiter or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}
