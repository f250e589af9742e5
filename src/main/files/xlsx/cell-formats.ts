/**
 * Which cell styles show a number as a date: the built-in date formats, and custom ones whose code
 * has date or time letters outside quoted text and [colour]/[condition] sections. Pure.
 */

const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58
])

export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    // Elapsed time ([h]:mm) is a time; colours and conditions ([Red], [>=100]) are not.
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
  return /[ymdhs]/i.test(bare)
}

export class CellFormats {
  private readonly custom = new Map<number, boolean>()
  /** Per cell style index (`s` on a cell): whether it shows a date. */
  private readonly styleIsDate: boolean[] = []

  addNumberFormat(id: number, code: string): void {
    this.custom.set(id, isDateFormatCode(code))
  }

  addCellStyle(numberFormatId: number): void {
    this.styleIsDate.push(this.custom.get(numberFormatId) ?? BUILT_IN_DATE_FORMATS.has(numberFormatId))
  }

  isDate(style: number): boolean {
    return this.styleIsDate[style] === true
  }
}

/** Excel's day count (1900 system, or 1904 when the workbook says so) to a date, as exceljs and Excel read it. */
export function excelSerialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000))
}
