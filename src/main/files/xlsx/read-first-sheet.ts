import { MAX_IMPORT_CELL_CHARS, MAX_IMPORT_COLUMNS, MAX_XLSX_SHARED_STRINGS, MAX_XLSX_UNPACKED_BYTES } from '../../../shared/limits'
import { RecordLimitError, type ParsedRecord } from '../import/delimited-parser'
import { CellFormats, excelSerialToDate } from './cell-formats'
import { dateText, numberText } from './cell-text'
import { SharedStrings } from './shared-strings'
import { attribute, createXmlScanner, forEachAttribute, type XmlHandler } from './xml-scanner'
import { readZipDirectory, unpackEntry, ZipFormatError, type ZipEntry } from './zip-reader'

/** The last row Excel has; a row number beyond it is a damaged file. */
const MAX_SHEET_ROW = 1_048_576
const MAX_SHEET_COLUMN = 16_384
/** Workbook, relationships and styles are small; larger is not a spreadsheet. */
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024

/** The zip holds no workbook (a .docx, an .odt renamed) or a workbook without sheets. */
export class NotAWorkbookError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotAWorkbookError'
  }
}

type Budget = { left: number; limit: number }

/** What the parts may unpack to, and the `checkpoint` run every few thousand markup items and every unpacked chunk. */
interface ReadContext {
  budget: Budget
  checkpoint: () => void
}

export interface ReadSheetOptions {
  /** Throws to stop the read, e.g. past the import's deadline; called often in every part, not only per row. */
  checkpoint?: () => void
}

/**
 * Streams the first worksheet's rows to `onRecord`, numbered as the sheet numbers them (rows the
 * sheet skips arrive as blank records, so they can be counted). Cells read as a person sees them:
 * long integers in plain digits, formulas as their cached results, rich text as plain text, dates
 * as ISO. Limits hold while reading: what the parts unpack to, cells per row, characters per cell.
 */
export async function readFirstSheet(
  bytes: Uint8Array,
  onRecord: (record: ParsedRecord) => void,
  options: ReadSheetOptions = {}
): Promise<void> {
  const entries = readZipDirectory(bytes)
  const context: ReadContext = {
    budget: { left: MAX_XLSX_UNPACKED_BYTES, limit: MAX_XLSX_UNPACKED_BYTES },
    checkpoint: options.checkpoint ?? (() => undefined)
  }
  const workbookEntry = entries.get('xl/workbook.xml')
  if (workbookEntry === undefined) throw new NotAWorkbookError('no xl/workbook.xml')

  let firstSheetRelation: string | null = null
  let date1904 = false
  await scanPart(
    bytes,
    workbookEntry,
    {
      open(name, attributes) {
        if (name === 'sheet' && firstSheetRelation === null) firstSheetRelation = attribute(attributes, 'id')
        if (name === 'workbookPr') date1904 = isTrue(attribute(attributes, 'date1904'))
      },
      close: () => undefined,
      text: () => undefined
    },
    context,
    MAX_SMALL_PART_BYTES
  )
  if (firstSheetRelation === null) throw new NotAWorkbookError('the workbook has no sheets')

  const targets = new Map<string, string>()
  let sharedStringsPath = 'xl/sharedStrings.xml'
  let stylesPath = 'xl/styles.xml'
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels')
  if (relsEntry !== undefined) {
    await scanPart(
      bytes,
      relsEntry,
      {
        open(name, attributes) {
          if (name !== 'Relationship') return
          const id = attribute(attributes, 'Id')
          const target = attribute(attributes, 'Target')
          const type = attribute(attributes, 'Type') ?? ''
          if (id === null || target === null) return
          const path = partPath(target)
          targets.set(id, path)
          if (type.endsWith('/sharedStrings')) sharedStringsPath = path
          if (type.endsWith('/styles')) stylesPath = path
        },
        close: () => undefined,
        text: () => undefined
      },
      context,
      MAX_SMALL_PART_BYTES
    )
  }
  const sheetEntry = entries.get(targets.get(firstSheetRelation) ?? 'xl/worksheets/sheet1.xml')
  if (sheetEntry === undefined) throw new NotAWorkbookError('the first sheet is missing')

  const formats = new CellFormats()
  const stylesEntry = entries.get(stylesPath)
  if (stylesEntry !== undefined) await scanPart(bytes, stylesEntry, stylesHandler(formats), context, MAX_SMALL_PART_BYTES)

  const strings = new SharedStrings(MAX_XLSX_SHARED_STRINGS)
  const stringsEntry = entries.get(sharedStringsPath)
  if (stringsEntry !== undefined) await scanPart(bytes, stringsEntry, sharedStringsHandler(strings), context)

  await scanPart(bytes, sheetEntry, sheetHandler({ strings, formats, date1904, onRecord }), context)
}

async function scanPart(
  bytes: Uint8Array,
  entry: ZipEntry,
  handler: XmlHandler,
  context: ReadContext,
  partLimit = Number.POSITIVE_INFINITY
): Promise<void> {
  const scanner = createXmlScanner(handler, { checkpoint: context.checkpoint })
  const decoder = new TextDecoder('utf-8')
  for await (const chunk of unpackEntry(bytes, entry, context.budget, partLimit)) {
    context.checkpoint()
    scanner.write(decoder.decode(chunk, { stream: true }))
  }
  scanner.write(decoder.decode())
  scanner.end()
}

function partPath(target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  const parts = ['xl']
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop()
    else if (piece !== '.' && piece !== '') parts.push(piece)
  }
  return parts.join('/')
}

function isTrue(value: string | null): boolean {
  return value === '1' || value === 'true'
}

function stylesHandler(formats: CellFormats): XmlHandler {
  let inCellXfs = false
  return {
    open(name, attributes) {
      if (name === 'numFmt') {
        const id = Number(attribute(attributes, 'numFmtId'))
        if (Number.isInteger(id)) formats.addNumberFormat(id, attribute(attributes, 'formatCode') ?? '')
      } else if (name === 'cellXfs') inCellXfs = true
      else if (name === 'xf' && inCellXfs) formats.addCellStyle(Number(attribute(attributes, 'numFmtId') ?? 0))
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false
    },
    text: () => undefined
  }
}

/** Collects the text of `<t>` elements, leaving out phonetic runs (`<rPh>`), up to one character past the cell limit. */
function textCollector() {
  let collecting = false
  let phonetic = 0
  let text = ''
  return {
    reset() {
      text = ''
    },
    get text() {
      return text
    },
    open(name: string, selfClosing: boolean) {
      if (name === 'rPh' && !selfClosing) phonetic += 1
      else if (name === 't' && !selfClosing && phonetic === 0) collecting = true
    },
    close(name: string) {
      if (name === 'rPh') phonetic = Math.max(0, phonetic - 1)
      else if (name === 't') collecting = false
    },
    piece(piece: string) {
      if (collecting && text.length <= MAX_IMPORT_CELL_CHARS) text += piece.slice(0, MAX_IMPORT_CELL_CHARS + 1 - text.length)
    }
  }
}

function sharedStringsHandler(strings: SharedStrings): XmlHandler {
  const collector = textCollector()
  return {
    open(name, _attributes, selfClosing) {
      if (name === 'si') {
        collector.reset()
        if (selfClosing) strings.add('')
      } else collector.open(name, selfClosing)
    },
    close(name) {
      if (name === 'si') strings.add(decodeExcelEscapes(collector.text))
      else collector.close(name)
    },
    text: (piece) => collector.piece(piece)
  }
}

interface SheetContext {
  strings: SharedStrings
  formats: CellFormats
  date1904: boolean
  onRecord: (record: ParsedRecord) => void
}

function sheetHandler({ strings, formats, date1904, onRecord }: SheetContext): XmlHandler {
  let lastRow = 0
  let row = 0
  let cells: string[] = []
  let inRow = false
  let column = -1
  let type = 'n'
  let style = 0
  let inValue = false
  let value = ''
  let inInline = false
  const inline = textCollector()

  function startRow(attributes: string): void {
    const claimed = Number(attribute(attributes, 'r'))
    row = Number.isInteger(claimed) && claimed > lastRow ? claimed : lastRow + 1
    if (row > MAX_SHEET_ROW) throw new ZipFormatError('row number beyond the last row of a sheet')
    // Rows the sheet leaves out are blank rows to the person who sees the sheet.
    for (let blank = lastRow + 1; blank < row; blank++) onRecord({ line: blank, cells: [] })
    lastRow = row
    cells = []
    column = -1
    inRow = true
  }

  function endRow(): void {
    for (let index = 0; index < cells.length; index++) cells[index] ??= ''
    onRecord({ line: row, cells })
    inRow = false
  }

  function startCell(attributes: string): void {
    // One pass over the cell's attributes: a sheet has millions of cells.
    let reference: string | null = null
    type = 'n'
    style = 0
    forEachAttribute(attributes, (name, text) => {
      if (name === 'r') reference ??= text
      else if (name === 't') type = text
      else if (name === 's') style = Number(text)
    })
    column = reference === null ? column + 1 : columnIndex(reference, column + 1)
    // Cells without a reference count on: no row of a real sheet has more than its columns.
    if (column >= MAX_SHEET_COLUMN) throw new ZipFormatError('more cells in a row than a sheet has columns')
    value = ''
    inline.reset()
  }

  function endCell(): void {
    const text = cellText()
    if (text === '') return
    if (column >= MAX_IMPORT_COLUMNS) throw new RecordLimitError('cells', row, column)
    if (text.length > MAX_IMPORT_CELL_CHARS) throw new RecordLimitError('cell_chars', row, column)
    cells[column] = text
  }

  function cellText(): string {
    switch (type) {
      case 's':
        return strings.get(Number(value)) ?? ''
      case 'inlineStr':
        return decodeExcelEscapes(inline.text)
      case 'str':
      case 'e':
        return value
      case 'b':
        return value === '' ? '' : isTrue(value) ? 'TRUE' : 'FALSE'
      case 'd':
        return value === '' ? '' : dateText(new Date(value))
      default: {
        if (!formats.isDate(style) && isPlainInteger(value)) return value
        if (value.trim() === '') return ''
        const number = Number(value)
        if (Number.isNaN(number)) return value
        return formats.isDate(style) ? dateText(excelSerialToDate(number, date1904)) : numberText(number)
      }
    }
  }

  return {
    open(name, attributes, selfClosing) {
      if (name === 'row') {
        startRow(attributes)
        if (selfClosing) endRow()
      } else if (!inRow) return
      else if (name === 'c') {
        startCell(attributes)
        if (selfClosing) endCell()
      } else if (name === 'v') inValue = !selfClosing
      else if (name === 'is') inInline = !selfClosing
      else if (inInline) inline.open(name, selfClosing)
    },
    close(name) {
      if (name === 'row') endRow()
      else if (name === 'c') endCell()
      else if (name === 'v') inValue = false
      else if (name === 'is') inInline = false
      else if (inInline) inline.close(name)
    },
    text(piece) {
      if (inValue) {
        if (value.length <= MAX_IMPORT_CELL_CHARS) value += piece.slice(0, MAX_IMPORT_CELL_CHARS + 1 - value.length)
      } else if (inInline) inline.piece(piece)
    }
  }
}

/** Digits without a leading zero, up to 15 of them: a number that reads as it is written, as most cells are. */
function isPlainInteger(value: string): boolean {
  const length = value.length
  if (length === 0 || length > 15 || (length > 1 && value.charCodeAt(0) === 48)) return false
  for (let index = 0; index < length; index++) {
    const code = value.charCodeAt(index)
    if (code < 48 || code > 57) return false
  }
  return true
}

/** `AB12` to 27 (0-based); `fallback` when the reference has no letters. */
function columnIndex(reference: string, fallback: number): number {
  let index = 0
  let letters = 0
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20
    if (code < 97 || code > 122) break
    index = index * 26 + (code - 96)
    letters += 1
    if (index > MAX_SHEET_COLUMN) throw new ZipFormatError('column beyond the last column of a sheet')
  }
  return letters === 0 ? fallback : index - 1
}

/**
 * Excel writes characters XML cannot carry as `_xHHHH_` (a carriage return as `_x000D_`, a literal
 * `_x` as `_x005F_x`). NUL stays escaped: it cannot be in a cell of the table.
 */
export function decodeExcelEscapes(text: string): string {
  if (!text.includes('_x')) return text
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (escape, hex: string) => {
    const code = parseInt(hex, 16)
    return code === 0 ? escape : String.fromCharCode(code)
  })
}
