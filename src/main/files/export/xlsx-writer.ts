import { AppError } from '../../../shared/domain/app-error'
import type { ExportCell, ExportColumn } from '../../../shared/export/export-sheet'
import { columnLetters } from '../import/column-guess'
import { ZipWriter, type ZipEntryWriter } from './zip-writer'

/**
 * An XLSX workbook written as rows arrive: each sheet's XML goes straight into its own compressed
 * zip entry, so a 200,000-row export never exists as objects per cell. Header row bold and frozen,
 * an autofilter over the header, identifier columns as text (format `@`) so leading zeros survive,
 * numbers as numbers, a fill colour on the cells given one. Cells are only ever values, never
 * formulas, so nothing in an export can run.
 */

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const WIDTH_SAMPLE_ROWS = 1000
const MAX_SHEET_ROWS = 1_048_576

/** Built-in cell formats: 0 General, 49 Text. */
const TEXT_FORMAT = 49
/** The first number a workbook's own format may take: a percent column's number followed by " %" (80 shows as "80 %"). */
const PERCENT_FORMAT = 164
const PERCENT_FORMAT_CODE = 'General" %"'
/** Style 0 is the default; 1 the bold header; 2 text cells; 3 percent cells; more are added per fill colour. */
const HEADER_STYLE = 1
const TEXT_STYLE = 2
const PERCENT_STYLE = 3
const FIRST_FILL_STYLE = 4

export interface XlsxSheetWriter {
  /** Rows of cells in column order; `fills[i]` is the ARGB colour of each cell of row i by column, when any. */
  addRows(rows: readonly (readonly ExportCell[])[], fills?: readonly (ReadonlyMap<number, string> | null)[]): void
  end(): void
}

export class XlsxWriter {
  private readonly zip = new ZipWriter()
  private readonly sheetNames: string[] = []
  private readonly filters: string[] = []
  /** Style index per `${text or number}|${argb}`. */
  private readonly fillStyles = new Map<string, number>()
  private readonly fills: string[] = []

  sheet(name: string, columns: readonly ExportColumn[]): XlsxSheetWriter {
    const index = this.sheetNames.length + 1
    const safeName = uniqueSheetName(name, this.sheetNames)
    this.sheetNames.push(safeName)
    const lastColumn = columnLetters(Math.max(0, columns.length - 1))
    this.filters.push(`'${safeName.replaceAll("'", "''")}'!$A$1:$${lastColumn}$1`)
    const entry = this.zip.entry(`xl/worksheets/sheet${index}.xml`)
    const letters = columns.map((_, column) => columnLetters(column))
    let rowNumber = 1
    let started = false
    let widths = columns.map((column) => column.label.length)

    const start = () => {
      started = true
      entry.write(
        `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
          '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
          '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
          '<sheetFormatPr defaultRowHeight="15"/><cols>' +
          widths
            .map((width, column) => {
              const style = columns[column]?.kind === 'id' ? ` style="${TEXT_STYLE}"` : ''
              return `<col min="${column + 1}" max="${column + 1}" width="${Math.min(60, Math.max(8, width + 2))}" customWidth="1"${style}/>`
            })
            .join('') +
          '</cols><sheetData>'
      )
      writeRow(
        entry,
        rowNumber,
        columns.map((column) => column.label),
        letters,
        () => HEADER_STYLE
      )
    }

    return {
      addRows: (rows, fills) => {
        if (!started) {
          const sample = rows.slice(0, WIDTH_SAMPLE_ROWS)
          widths = widths.map((width, column) => sample.reduce((widest, row) => Math.max(widest, String(row[column] ?? '').length), width))
          start()
        }
        rows.forEach((row, index) => {
          rowNumber += 1
          if (rowNumber > MAX_SHEET_ROWS) {
            throw new AppError(
              'file_write_failed',
              `The ${safeName} sheet would have more than ${MAX_SHEET_ROWS.toLocaleString('en-US')} rows, the most Excel opens. Export fewer lines, or export as CSV.`
            )
          }
          const rowFills = fills?.[index] ?? null
          writeRow(entry, rowNumber, row, letters, (column) => this.styleOf(columns[column], rowFills?.get(column)))
        })
      },
      end: () => {
        if (!started) start()
        entry.write(
          `</sheetData><autoFilter ref="A1:${lastColumn}1"/>` +
            '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
        )
      }
    }
  }

  /** Identifier cells carry the text format, percent cells theirs; a filled cell gets a style of its own per colour. */
  private styleOf(column: ExportColumn | undefined, fill: string | undefined): number {
    const format = column?.kind === 'id' || column?.kind === 'percent' ? column.kind : 'plain'
    if (fill === undefined) return format === 'id' ? TEXT_STYLE : format === 'percent' ? PERCENT_STYLE : 0
    const key = `${format}|${fill}`
    let style = this.fillStyles.get(key)
    if (style === undefined) {
      if (!this.fills.includes(fill)) this.fills.push(fill)
      style = FIRST_FILL_STYLE + this.fillStyles.size
      this.fillStyles.set(key, style)
    }
    return style
  }

  /** Writes the archive to `fd`; returns its size in bytes. */
  writeTo(fd: number): number {
    const sheets = this.sheetNames
    this.zip
      .entry('[Content_Types].xml')
      .write(
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          sheets
            .map(
              (_, index) =>
                `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`
            )
            .join('') +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>'
      )
    this.zip
      .entry('_rels/.rels')
      .write(
        `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`
      )
    this.zip
      .entry('xl/workbook.xml')
      .write(
        `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>` +
          sheets.map((name, index) => `<sheet name="${escapeXml(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('') +
          '</sheets><definedNames>' +
          this.filters
            .map(
              (ref, index) => `<definedName name="_xlnm._FilterDatabase" localSheetId="${index}" hidden="1">${escapeXml(ref)}</definedName>`
            )
            .join('') +
          '</definedNames></workbook>'
      )
    this.zip
      .entry('xl/_rels/workbook.xml.rels')
      .write(
        `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
          sheets
            .map((_, index) => `<Relationship Id="rId${index + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`)
            .join('') +
          `<Relationship Id="rId${sheets.length + 1}" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`
      )
    this.zip.entry('xl/styles.xml').write(this.stylesXml())
    return this.zip.writeTo(fd)
  }

  private stylesXml(): string {
    const fills = ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>'].concat(
      this.fills.map(
        (argb) => `<fill><patternFill patternType="solid"><fgColor rgb="${escapeXml(argb)}"/><bgColor indexed="64"/></patternFill></fill>`
      )
    )
    const styles = [
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
      `<xf numFmtId="${TEXT_FORMAT}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      `<xf numFmtId="${PERCENT_FORMAT}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`
    ]
    for (const [key] of this.fillStyles) {
      const [kind, argb] = key.split('|') as [string, string]
      const fillId = 2 + this.fills.indexOf(argb)
      const format = kind === 'id' ? TEXT_FORMAT : kind === 'percent' ? PERCENT_FORMAT : 0
      styles.push(
        `<xf numFmtId="${format}" fontId="0" fillId="${fillId}" borderId="0" xfId="0" applyFill="1"${format === 0 ? '' : ' applyNumberFormat="1"'}/>`
      )
    }
    return (
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
      `<numFmts count="1"><numFmt numFmtId="${PERCENT_FORMAT}" formatCode="${escapeXml(PERCENT_FORMAT_CODE)}"/></numFmts>` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      `<fills count="${fills.length}">${fills.join('')}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${styles.length}">${styles.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    )
  }
}

function writeRow(
  entry: ZipEntryWriter,
  rowNumber: number,
  cells: readonly ExportCell[],
  letters: readonly string[],
  styleOf: (column: number) => number
): void {
  let xml = `<row r="${rowNumber}">`
  for (let column = 0; column < letters.length; column++) {
    const value = cells[column] ?? null
    const style = styleOf(column)
    const s = style === 0 ? '' : ` s="${style}"`
    const ref = `${letters[column] ?? ''}${rowNumber}`
    if (value === null || value === '') {
      if (style !== 0) xml += `<c r="${ref}"${s}/>`
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      xml += `<c r="${ref}"${s}><v>${value}</v></c>`
    } else {
      const text = String(value)
      // Only text that starts or ends with white space needs it kept explicitly.
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${escapeText(text)}</t></is></c>`
    }
  }
  entry.write(`${xml}</row>`)
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`, distinct. */
function uniqueSheetName(name: string, taken: readonly string[]): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet'
  let candidate = base
  for (let n = 2; taken.includes(candidate); n++) candidate = `${base.slice(0, 31 - String(n).length - 1)} ${n}`
  return candidate
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;'))
}

/**
 * Cell text: XML-escaped; characters XML cannot carry (control characters, lone surrogates) and a
 * literal `_xHHHH_` are written as Excel's own `_xHHHH_` escapes, so they read back as they were.
 */
const NEEDS_ESCAPE = /[&<>"_]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u

export function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text
  return escapeXml(text)
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(
      /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu,
      (char) => `_x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}_`
    )
}
