import { MAX_JOB_LINES } from '../../../shared/limits'
import { columnLetters, GUESS_ROWS, isHeader, suggestColumn } from './column-guess'
import type { ParsedRecord } from './delimited-parser'
import { CELL_SEPARATOR, ImportedTable, rowNumbers } from './imported-table'

const SAMPLES_PER_COLUMN = 3

/** More rows under the header than one lookup takes; thrown as soon as the row after the limit arrives. */
export class TooManyRowsError extends Error {
  constructor() {
    super(`more than ${MAX_JOB_LINES} rows`)
    this.name = 'TooManyRowsError'
  }
}

/** Reading the file took more than `MAX_IMPORT_CPU_SECONDS` of the reading thread's time. */
export class TooSlowError extends Error {
  constructor() {
    super('the file took too long to read')
    this.name = 'TooSlowError'
  }
}

/** Records between looks at the clock: cheap, and a record's worth of work is bounded by the limits. */
const BUDGET_CHECK_RECORDS = 1024

/**
 * The processor time this thread has used, in milliseconds: what reading a file costs, whatever
 * else the machine is doing (a wall clock counts the time other programs took the processor too,
 * and refused a valid file on a busy machine). Where a thread's own time cannot be read (Node
 * before 22.19), the process's.
 */
export function threadCpuMs(): number {
  const usage = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

export interface TableBuilder {
  /** Records in file order; blank ones are counted, not kept. */
  add(record: ParsedRecord): void
  /** Throws `TooSlowError` once the budget is spent: for readers that do much work between records (a workbook's parts). */
  checkBudget(): void
  finish(): ImportedTable
}

/**
 * Builds the table while the file is read: the first rows are held until the header is decided,
 * then every row is stored joined as it arrives, so memory follows the file's text, not its cells.
 */
export function createTableBuilder(options: { cpuBudgetMs?: number; cpuClock?: () => number } = {}): TableBuilder {
  const cpuClock = options.cpuClock ?? threadCpuMs
  const spentBy = cpuClock() + (options.cpuBudgetMs ?? Number.POSITIVE_INFINITY)
  let records = 0
  /** The first non-blank records, until there are enough to decide on the header. */
  let head: ParsedRecord[] | null = []
  let header: string[] = []
  let hasHeader = false
  const lines: number[] = []
  const texts: string[] = []
  const samples: string[][] = []
  let width = 0
  let nonBlank = 0
  const blank = rowNumbers()
  const unclosedQuotes = rowNumbers()
  const multiLine = rowNumbers()
  /** Blank rows seen since the last row with a value: counted only if another value follows. */
  let pendingBlank: number[] = []

  function keep(record: ParsedRecord): void {
    const cells = record.cells
    let last = cells.length - 1
    while (last >= 0 && (cells[last] ?? '').trim() === '') last -= 1
    for (let index = 0; index <= last; index++) {
      const column = (samples[index] ??= [])
      if (column.length < SAMPLES_PER_COLUMN) {
        const cell = (cells[index] ?? '').trim()
        if (cell !== '') column.push(cell)
      }
    }
    width = Math.max(width, cells.length)
    lines.push(record.line)
    texts.push(last === cells.length - 1 ? cells.join(CELL_SEPARATOR) : cells.slice(0, last + 1).join(CELL_SEPARATOR))
  }

  function decideHeader(): void {
    if (head === null) return
    const first = head[0]
    hasHeader = first !== undefined && isHeader(first.cells, head.slice(1, 1 + GUESS_ROWS))
    if (hasHeader && first !== undefined) {
      header = first.cells
      width = Math.max(width, header.length)
    }
    const rows = hasHeader ? head.slice(1) : head
    head = null
    for (const record of rows) keep(record)
  }

  function checkBudget(): void {
    if (cpuClock() > spentBy) throw new TooSlowError()
  }

  return {
    checkBudget,

    add(record) {
      records += 1
      if (records % BUDGET_CHECK_RECORDS === 0) checkBudget()
      if (record.unclosedQuote === true) unclosedQuotes.add(record.line)
      if (record.spansLines === true) multiLine.add(record.line)
      if (record.cells.every((cell) => cell.trim() === '')) {
        pendingBlank.push(record.line)
        return
      }
      for (const line of pendingBlank) blank.add(line)
      pendingBlank = []
      nonBlank += 1
      // One more than the limit may be the header; the header is decided within the first rows.
      if (nonBlank > MAX_JOB_LINES + 1 || (head === null && !hasHeader && nonBlank > MAX_JOB_LINES)) throw new TooManyRowsError()
      if (head === null) {
        keep(record)
        return
      }
      head.push(record)
      if (head.length > GUESS_ROWS) decideHeader()
    },

    finish() {
      decideHeader()
      if (texts.length > MAX_JOB_LINES) throw new TooManyRowsError()
      const filled = new Set<number>()
      const columns = Array.from({ length: width }, (_, index) => {
        const name = header[index]?.trim() ?? ''
        const columnSamples = samples[index] ?? []
        if (name !== '' || columnSamples.length > 0) filled.add(index)
        return { index, name: name === '' ? `Column ${columnLetters(index)}` : name, samples: columnSamples }
      })
      const guessRows = texts.slice(0, GUESS_ROWS).map((text, row) => ({ line: lines[row] ?? 0, cells: text.split(CELL_SEPARATOR) }))
      return new ImportedTable(
        {
          hasHeader,
          columns,
          suggestedColumn: suggestColumn(header, guessRows, width),
          rowCount: texts.length,
          blankRows: blank.done(),
          unclosedQuoteRows: unclosedQuotes.done(),
          multiLineRows: multiLine.done()
        },
        lines,
        texts,
        filled
      )
    }
  }
}
