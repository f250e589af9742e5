import { MAX_JOB_LINES, type ImportTable } from '../../shared/contract'
import { AppError } from '../../shared/domain/app-error'
import { decodeText } from './decode-text'
import { parseDelimited, sniffDelimiter, type Delimiter } from './delimited-text'
import { toImportTable } from './import-table'
import { readFirstSheet } from './read-xlsx'

type ImportFormat = ImportTable['format']

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]

/**
 * Reads a CSV, TSV, TXT or XLSX list into a table of text cells. The extension says what the file
 * claims to be; the first bytes say what it is, and win (an `.xlsx` saved as CSV, or the reverse,
 * still opens). Every failure is an `AppError('file_unreadable')` that says what to do.
 */
export async function readImportFile(fileName: string, bytes: Uint8Array): Promise<ImportTable> {
  if (bytes.byteLength === 0) throw unreadable(`${fileName} is empty. Choose a file that lists the values to look up.`)
  const extension = extensionOf(fileName)

  if (startsWith(bytes, OLE_MAGIC) || extension === 'xls') {
    throw unreadable(`${fileName} is an old Excel (.xls) workbook. Save it as .xlsx or CSV in Excel and import that file.`)
  }
  if (startsWith(bytes, ZIP_MAGIC)) return readWorkbook(fileName, bytes)
  if (extension === 'xlsx') {
    throw unreadable(`${fileName} is not a valid Excel workbook. Open it in Excel and save it again as .xlsx, or export it as CSV.`)
  }
  return readText(fileName, extension, bytes)
}

async function readWorkbook(fileName: string, bytes: Uint8Array): Promise<ImportTable> {
  let records
  try {
    records = await readFirstSheet(bytes)
  } catch {
    throw unreadable(`${fileName} could not be read as an Excel workbook; it may be damaged. Open it in Excel and save it again, or export it as CSV.`)
  }
  return finish(fileName, 'xlsx', null, records)
}

function readText(fileName: string, extension: string, bytes: Uint8Array): ImportTable {
  const { text, encoding } = decodeText(bytes)
  if (text.includes('\u0000')) {
    throw unreadable(`${fileName} does not look like a text file. Choose a CSV, TSV, TXT or XLSX file.`)
  }
  const sniffed = sniffDelimiter(text)
  const format = textFormat(extension, sniffed)
  const delimiter: Delimiter | null = format === 'tsv' ? (sniffed ?? '\t') : format === 'csv' ? (sniffed ?? ',') : sniffed
  return finish(fileName, format, encoding, parseDelimited(text, delimiter))
}

function textFormat(extension: string, sniffed: Delimiter | null): Exclude<ImportFormat, 'xlsx'> {
  if (extension === 'csv') return 'csv'
  if (extension === 'tsv' || extension === 'tab') return 'tsv'
  if (extension === 'txt') return 'txt'
  return sniffed === '\t' ? 'tsv' : sniffed === null ? 'txt' : 'csv'
}

function finish(
  fileName: string,
  format: ImportFormat,
  encoding: string | null,
  records: ReturnType<typeof parseDelimited>
): ImportTable {
  const table = toImportTable(records)
  if (table.rows.length === 0) {
    throw unreadable(
      table.hasHeader
        ? `${fileName} has a header row but no values under it. Add the values to look up and import it again.`
        : `${fileName} is empty. Choose a file that lists the values to look up.`
    )
  }
  if (table.rows.length > MAX_JOB_LINES) {
    throw unreadable(
      `${fileName} has ${table.rows.length.toLocaleString('en-US')} rows; one lookup takes at most ${MAX_JOB_LINES.toLocaleString('en-US')}. Split the file and import the parts one at a time.`
    )
  }
  return { fileName, format, encoding, ...table }
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
