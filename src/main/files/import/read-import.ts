import type { ImportSummary } from '../../../shared/contract'
import { AppError } from '../../../shared/domain/app-error'
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_CPU_SECONDS,
  MAX_IMPORT_MB,
  MAX_JOB_LINES,
  MAX_XLSX_SHARED_STRINGS,
  MAX_XLSX_UNPACKED_BYTES
} from '../../../shared/limits'
import { NotAWorkbookError, readFirstSheet } from '../xlsx/read-first-sheet'
import { TooManySharedStringsError } from '../xlsx/shared-strings'
import { XmlFormatError } from '../xlsx/xml-scanner'
import { UnpackedSizeError, ZipFormatError } from '../xlsx/zip-reader'
import { columnLetters } from './column-guess'
import { RecordLimitError } from './delimited-parser'
import type { ImportedTable } from './imported-table'
import { NotTextError, readText } from './read-text'
import { createTableBuilder, TooManyRowsError, TooSlowError } from './table-builder'

export type ImportFormat = ImportSummary['format']

export interface ImportedFile {
  fileName: string
  format: ImportFormat
  /** The text encoding detected; null for XLSX. */
  encoding: string | null
  table: ImportedTable
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]
const MB = 1024 * 1024

/**
 * Reads a CSV, TSV, TXT or XLSX list into a table of text cells. The extension says what the file
 * claims to be; the first bytes say what it is, and win (an `.xlsx` saved as CSV, or the reverse,
 * still opens). Every limit is enforced while reading, and every failure is an
 * `AppError('file_unreadable')` whose message names the limit or the problem and what to do.
 */
export async function readImport(fileName: string, bytes: Uint8Array): Promise<ImportedFile> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) {
    throw unreadable(`${fileName} is larger than ${MAX_IMPORT_MB} MB; split it into smaller files and import them one at a time.`)
  }
  if (bytes.byteLength === 0) throw unreadable(`${fileName} is empty. Choose a file that lists the values to look up.`)
  const extension = extensionOf(fileName)
  if (startsWith(bytes, OLE_MAGIC) || extension === 'xls') {
    throw unreadable(`${fileName} is an old Excel (.xls) workbook. Save it as .xlsx or CSV in Excel and import that file.`)
  }
  const builder = createTableBuilder({ cpuBudgetMs: MAX_IMPORT_CPU_SECONDS * 1000 })
  try {
    if (startsWith(bytes, ZIP_MAGIC)) {
      await readFirstSheet(bytes, (record) => builder.add(record), { checkpoint: () => builder.checkBudget() })
      return finish(fileName, 'xlsx', null, builder.finish())
    }
    if (extension === 'xlsx') {
      throw unreadable(`${fileName} is not a valid Excel workbook. Open it in Excel and save it again as .xlsx, or export it as CSV.`)
    }
    const { format, encoding } = readText(bytes, extension, builder)
    return finish(fileName, format, encoding, builder.finish())
  } catch (error) {
    throw explain(fileName, error)
  }
}

function finish(fileName: string, format: ImportFormat, encoding: string | null, table: ImportedTable): ImportedFile {
  if (table.shape.rowCount === 0) {
    throw unreadable(
      table.shape.hasHeader
        ? `${fileName} has a header row but no values under it. Add the values to look up and import it again.`
        : `${fileName} is empty. Choose a file that lists the values to look up.`
    )
  }
  return { fileName, format, encoding, table }
}

/** A limit or a damaged file in one sentence that says which, and what to do. */
function explain(fileName: string, error: unknown): unknown {
  if (error instanceof AppError) return error
  if (error instanceof TooManyRowsError) {
    return unreadable(
      `${fileName} has more than ${count(MAX_JOB_LINES)} rows; one lookup takes at most ${count(MAX_JOB_LINES)}. Split the file and import the parts one at a time.`
    )
  }
  if (error instanceof RecordLimitError) {
    if (error.limit === 'cells') {
      return unreadable(
        `Row ${error.line} of ${fileName} has more than ${count(MAX_IMPORT_COLUMNS)} columns, the most the app reads. Delete the columns you do not need (or save the values in a file of their own) and import it again.`
      )
    }
    return unreadable(
      `Row ${error.line}, column ${columnLetters(error.cell)} of ${fileName} holds more than ${count(MAX_IMPORT_CELL_CHARS)} characters, the most a cell may hold. Check it for a quote that is never closed (it turns the rest of the file into one cell), fix that cell and import it again.`
    )
  }
  if (error instanceof UnpackedSizeError && error.limit === MAX_XLSX_UNPACKED_BYTES) {
    return unreadable(
      `${fileName} unpacks to more than ${MAX_XLSX_UNPACKED_BYTES / MB} MB of spreadsheet data, the most the app reads. Copy the columns you need into a new workbook, or save the sheet as CSV, and import that.`
    )
  }
  if (error instanceof TooManySharedStringsError) {
    return unreadable(
      `${fileName} lists more than ${count(MAX_XLSX_SHARED_STRINGS)} shared texts, the most the app reads from a workbook. Copy the columns you need into a new workbook, or save the sheet as CSV, and import that.`
    )
  }
  if (error instanceof TooSlowError) {
    return unreadable(
      `${fileName} takes more than ${MAX_IMPORT_CPU_SECONDS} seconds of work to read, the most the app gives one file. Save only the columns you need in a new file (CSV reads fastest) and import that.`
    )
  }
  if (error instanceof NotTextError) {
    return unreadable(`${fileName} does not look like a text file. Choose a CSV, TSV, TXT or XLSX file.`)
  }
  if (
    error instanceof NotAWorkbookError ||
    error instanceof ZipFormatError ||
    error instanceof XmlFormatError ||
    error instanceof UnpackedSizeError
  ) {
    return unreadable(
      `${fileName} could not be read as an Excel workbook; it may be damaged. Open it in Excel and save it again, or export it as CSV.`
    )
  }
  return error
}

function count(value: number): string {
  return value.toLocaleString('en-US')
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase()
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte)
}

function unreadable(message: string): AppError {
  return new AppError('file_unreadable', message)
}
