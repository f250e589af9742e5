import ExcelJS from 'exceljs'
import type { ParsedRecord } from './delimited-text'

/**
 * The first worksheet's non-blank rows as text, numbered as the sheet numbers them. Cells come out
 * as a person sees them: long integers in plain digits (never `1.23E+13`), formulas as their
 * results, rich text as plain text, dates as ISO. Throws whatever exceljs throws for a damaged file.
 */
export async function readFirstSheet(bytes: Uint8Array): Promise<ParsedRecord[]> {
  const workbook = new ExcelJS.Workbook()
  // exceljs's types predate ArrayBufferLike generics; a Buffer view over the same memory is what it reads.
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]
  // A zip without worksheets is some other document (a .docx, an .odt renamed), not an empty workbook.
  if (sheet === undefined) throw new Error('the workbook has no worksheets')
  const records: ParsedRecord[] = []
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value)
    })
    for (let i = 0; i < cells.length; i++) cells[i] ??= ''
    if (cells.some((cell) => cell.trim() !== '')) records.push({ line: rowNumber, cells })
  })
  return records
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return numberText(value)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return dateText(value)
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText.map((run: unknown) => (isObject(run) && typeof run.text === 'string' ? run.text : '')).join('')
    }
    if ('formula' in value || 'sharedFormula' in value) return 'result' in value ? cellText(value.result) : ''
    if ('hyperlink' in value && 'text' in value) return cellText(value.text)
    if ('error' in value && typeof value.error === 'string') return value.error
    if ('text' in value) return cellText(value.text)
  }
  return ''
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  if (Number.isInteger(value)) return BigInt(value).toString()
  // Excel keeps 15 significant digits; beyond that is binary noise such as 0.30000000000000004.
  return String(Number(value.toPrecision(15)))
}

function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return ''
  const iso = date.toISOString()
  // Spreadsheet dates without a time of day arrive as UTC midnight.
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
